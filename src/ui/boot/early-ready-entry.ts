// The first script of ui.html (build.mjs): asks the plugin `ready` before the window's main script.
import { askReadyEarly } from "./early-ready";

globalThis.__assetportEarlyReady = askReadyEarly();
