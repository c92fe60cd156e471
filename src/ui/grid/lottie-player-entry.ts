// The animation player on its own, as build.mjs builds it for the window: lottie-web's light SVG
// player, left on a global for lottie-embedded.ts to pick up once this text has been run.
import lottie from "lottie-web/build/player/lottie_light";
import { PLAYER_GLOBAL } from "./lottie-embedded-name";

(globalThis as Record<string, unknown>)[PLAYER_GLOBAL] = lottie;
