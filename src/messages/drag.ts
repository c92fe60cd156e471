// Drag and drop, shared by the ui and the plugin.
//
// What the grid puts on a drag's dataTransfer, and the one item its `pluginDrop` carries. Figma says
// a plugin window's null origin keeps the canvas from receiving the window's drags natively (its
// "creating a UI" guide; figma/plugin-samples#107): the asset arrives only through `pluginDrop`. Even
// so the drag carries no text/plain, as a precaution: were a browser or a later Figma to hand the
// drag to the canvas, Figma would make a text layer of dropped text. A type of our own, carrying the
// drop id, makes nothing by itself.
export const DRAG_TYPE = "application/x-assetport-drop";

/**
 * The ui gives up on a drop's download after this; the plugin keeps the drop's landing a while
 * longer (see LANDING_KEEP_MS), so content the ui still sends always finds its landing.
 */
export const DROP_DOWNLOAD_MS = 90_000;
