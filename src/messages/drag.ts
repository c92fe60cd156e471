// What the grid puts on a drag's dataTransfer. Never text/plain: the browser also drops the drag on
// Figma's canvas, and Figma makes a text layer from dropped text. A type of our own, carrying the drop
// id, moves nothing by itself, and the plugin claims the canvas's drop of it.
export const DRAG_TYPE = "application/x-assetport-drop";
