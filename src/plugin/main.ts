// The sandbox entry Figma runs: everything happens in start().
import { start } from "./start";

start().catch((error) => figma.notify(`Assetport could not start: ${String(error)}`, { error: true }));
