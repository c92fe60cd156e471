// The modules the rarely opened views take from the main script (rare-views-entry.ts). In the sources
// (tests, and anything not built by build.mjs) there is nothing to share: the views are imported
// as any other module. build.mjs swaps this file for one that puts each module those views need, as
// the main script holds it, on a global, and main.tsx imports it last, so it changes no module's
// order (nor its styles' order) in the main script.
export {};
