// Where the built window keeps its rarely opened views (rare-views.ts): the element holding their
// text, the global their text leaves once run, and the global through which that text reaches the
// modules the window's main script already holds (build.mjs, rare-views-embedded.ts).
export const RARE_VIEWS_ELEMENT_ID = "assetport-rare-views";
export const RARE_VIEWS_GLOBAL = "__assetportRareViews";
export const SHARED_MODULES_GLOBAL = "__assetportSharedModules";
