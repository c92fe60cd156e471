// The first script of ui.html (build.mjs): asks the plugin `ready` and sends the first search
// (first-search.ts) before the window's main script is even parsed.
import { BAKED_CONNECTION } from "../settings/connection";
import { readBoot } from "./boot-data";
import { askReadyEarly } from "./early-ready";
import { sendFirstSearch } from "./first-search";

globalThis.__assetportEarlyReady = askReadyEarly();
globalThis.__assetportFirstSearch = sendFirstSearch(readBoot(), BAKED_CONNECTION);
