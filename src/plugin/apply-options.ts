// Size, colour and stroke width for icons already on the canvas: the selected layers Assetport
// inserted (known by their plugin data) change, anything else selected is left alone. One undo step.
import type { ApplyOptionsRequest, ApplyOptionsResponse } from "../messages/types";
import { fail } from "./errors";
import { readAsset } from "./node-data";
import { colourFor, paintIcon, setStrokeWidth, strokeWidthOf } from "./paints";
import { rescaleBy } from "./placement";

/** What Assetport inserts: frames, rectangles, and (as components) instances, all scalable. */
type Resizable = SceneNode & LayoutMixin;

export async function applyOptions({ options }: ApplyOptionsRequest): Promise<ApplyOptionsResponse> {
  const selection = figma.currentPage.selection;
  const icons = selection.filter((node): node is Resizable => "rescale" in node && readAsset(node) !== null);
  if (icons.length === 0) fail("nothing_selected", "Select icons inserted by Assetport first.");
  // Checked before anything changes: a deleted variable leaves every icon as it was.
  const colour = await colourFor(options);
  for (const icon of icons) {
    if (options.size) resizeAboutCentre(icon, options.size);
    // A resize scales strokes as the Scale tool does; an icon given a stroke width keeps it.
    const strokeWidth = options.strokeWidth ?? (options.size ? strokeWidthOf(icon) : null);
    if (strokeWidth && icon.type === "FRAME") setStrokeWidth(icon, strokeWidth);
    if (colour && icon.type === "FRAME") await paintIcon(icon, colour);
  }
  figma.commitUndo();
  return { nodeIds: icons.map((n) => n.id), skipped: selection.length - icons.length };
}

/**
 * The long side becomes `size`, the icon's centre stays where it was: an icon sits centred in its
 * button or beside its text, as Replace keeps it (an auto-layout parent places it itself).
 */
function resizeAboutCentre(icon: Resizable, size: number): void {
  const [cx, cy] = [icon.x + icon.width / 2, icon.y + icon.height / 2];
  rescaleBy(icon, size / Math.max(icon.width, icon.height));
  icon.x = cx - icon.width / 2;
  icon.y = cy - icon.height / 2;
}
