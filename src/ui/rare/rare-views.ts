// The views a designer rarely opens, and never on the window's first frame: the batch card, the
// swap list, the file's assets, and the small window of a selection command. The window imports
// them from here. In the built window this file is swapped for rare-views-embedded.ts (build.mjs),
// and these views are kept in the page as inert text, run the first time one of them is shown: the
// window's first script then parses and runs that much less while it opens.

export { BatchPanel } from "../batch/BatchPanel";
export { CommandWindow } from "../command/CommandWindow";
export { FileAssetsView } from "../file-assets/FileAssetsView";
export { SwapView } from "../swap/SwapView";
