// Size, colour and stroke width for icons already on the canvas: the selected layers Assetport
// inserted (known by their plugin data) change, anything else selected is left alone: an
// illustration or a picture Assetport placed keeps its own size and colours. One undo step.
import type { ApplyOptionsRequest, ApplyOptionsResponse } from "../messages/types";
import { fail } from "./errors";
import { readAsset } from "./node-data";
import { colourFor, paintIcon, setStrokeWidth, strokeWidthOf } from "./paints";
import { insideInstance, rescaleBy } from "./placement";

/** What Assetport inserts: frames, rectangles, and (as components) instances, all scalable. */
type Resizable = SceneNode & LayoutMixin;

export async function applyOptions({ options }: ApplyOptionsRequest): Promise<ApplyOptionsResponse> {
  const selection = figma.currentPage.selection;
  const icons = selection.filter(
    (node): node is Resizable => "rescale" in node && readAsset(node)?.type === "icon",
  );
  if (icons.length === 0) fail("nothing_selected", "Select icons inserted by Assetport first.");
  // Checked before anything changes: a deleted variable leaves every icon as it was.
  const colour = await colourFor(options);
  for (const icon of icons) {
    // Read before the resize: an instance's width may live on its main component (made with it).
    const given = options.size ? await givenStrokeWidth(icon) : null;
    if (options.size) resizeAboutCentre(icon, options.size);
    // A resize scales strokes as the Scale tool does; an icon given a stroke width keeps it. An
    // instance takes width and colour as overrides on its drawing, and stays linked to its component.
    const strokeWidth = options.strokeWidth ?? given;
    if (!drawsItself(icon)) continue;
    if (strokeWidth) setStrokeWidth(icon, strokeWidth);
    if (colour) await paintIcon(icon, colour);
  }
  figma.commitUndo();
  return { nodeIds: icons.map((n) => n.id), skipped: selection.length - icons.length };
}

/** A frame drawn from an SVG, or an instance of one; a raster (a rectangle) has no strokes to set. */
function drawsItself(icon: Resizable): boolean {
  return icon.type === "FRAME" || icon.type === "INSTANCE";
}

/** The stroke width the icon was given: on itself, or (inserted as component) on its component. */
async function givenStrokeWidth(icon: Resizable): Promise<number | null> {
  const own = strokeWidthOf(icon);
  if (own || icon.type !== "INSTANCE") return own;
  const main = await icon.getMainComponentAsync();
  return main ? strokeWidthOf(main) : null;
}

/**
 * The long side becomes `size`, the icon's centre stays where it was: an icon sits centred in its
 * button or beside its text, as Replace keeps it (an auto-layout parent places it itself).
 */
function resizeAboutCentre(icon: Resizable, size: number): void {
  const [cx, cy] = [icon.x + icon.width / 2, icon.y + icon.height / 2];
  rescaleBy(icon, size / Math.max(icon.width, icon.height));
  // A layer inside an instance cannot move: it grows from its top-left.
  if (insideInstance(icon)) return;
  icon.x = cx - icon.width / 2;
  icon.y = cy - icon.height / 2;
}
