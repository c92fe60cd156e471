// The sandbox entry Figma runs: everything happens in start().
import { startOrClose } from "./start";

void startOrClose();
