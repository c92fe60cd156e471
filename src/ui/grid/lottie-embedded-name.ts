// Where the built window keeps its animation player: the element holding its text, and the global
// it leaves once run (build.mjs, lottie-embedded.ts, lottie-player-entry.ts).
export const PLAYER_ELEMENT_ID = "assetport-lottie-player";
export const PLAYER_GLOBAL = "__assetportLottie";
