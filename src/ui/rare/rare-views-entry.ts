// The rarely opened views on their own, as build.mjs builds them into the page as inert text: once
// run, they register themselves on a global for rare-views-embedded.ts to pick up. Every module the
// main script also holds (preact, the signals, controls, stores) is taken from the main script's
// own copy (shared-modules.ts), never bundled twice: one preact, one instance of each store.
import * as views from "./rare-views";
import { RARE_VIEWS_GLOBAL } from "./rare-views-name";

(globalThis as Record<string, unknown>)[RARE_VIEWS_GLOBAL] = views;
