// lottie-web's player as the built window gets it. build.mjs aliases the player's import to this file
// and puts the player itself in the page as inert text (a script of type text/plain), so its 170 KB
// are neither parsed nor compiled while the window opens: most windows never play an animation.
// The first play imports this module (lottie-play.ts imports the player lazily), which runs that text
// once, as an inline script (Figma's iframe allows them: the whole window is inline scripts).
import type lottie from "lottie-web/build/player/lottie_light";
import { runInertScript } from "../inert-script";
import { PLAYER_ELEMENT_ID, PLAYER_GLOBAL } from "./lottie-embedded-name";

type Player = typeof lottie;

export default runInertScript(PLAYER_ELEMENT_ID, PLAYER_GLOBAL, "The animation player") as Player;
