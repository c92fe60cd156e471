// Places one layer's result of a batch without losing the original: the result takes the original's
// name, box, constraints and place in the layer list (in an auto-layout frame, its slot in the flow),
// and the original stays right below it, hidden, until the designer reverts or deletes it. An image
// result on an image layer (a background removed, a PNG made JPG) is the original duplicated with its
// picture swapped, so corner radius, strokes, effects, rotation and sizing stay as the designer set
// them. Each result records what was done and keeps the original's asset record (its licence still
// applies). Each result is one undo step. A result already placed for that original (a resumed batch)
// is answered again, not placed twice.
import type { PlaceBatchResultRequest, PlaceBatchResultResponse } from "../messages/types";
import { fail } from "./errors";
import { createContentNode } from "./insert-content";
import { linkResult, resultIdOf, unlink } from "./kept-originals";
import { readAsset, recordAsset, recordMade } from "./node-data";
import { shortName } from "./notice";
import { loadedPageOf } from "./other-page";
import { type Parent, rescaleBy } from "./placement";
import { imageFillOf } from "./selection";

/** The menu's relaunch button on every result: it runs the plugin's "revert" command on the selection. */
export const REVERT_RELAUNCH = { revert: "Bring back the layer this result was made from" };

async function existing(id: string): Promise<SceneNode | null> {
  const node = await figma.getNodeByIdAsync(id);
  return node && "visible" in node && !node.removed ? (node as SceneNode) : null;
}

function isAutoLayout(node: BaseNode): boolean {
  return "layoutMode" in node && node.layoutMode !== "NONE";
}

/**
 * The original duplicated with the result's picture in its image fill, when both are images: its
 * own look and size, a new picture. The duplicate's records of an earlier batch are cleared.
 */
function sameLayerNewPicture(
  original: SceneNode,
  request: PlaceBatchResultRequest,
): RectangleNode | FrameNode | null {
  const fill = imageFillOf(original);
  if (request.content.kind !== "image" || !fill) return null;
  if (original.type !== "RECTANGLE" && original.type !== "FRAME") return null;
  const copy = original.clone();
  unlink(copy, copy);
  const image = figma.createImage(request.content.bytes);
  copy.fills = (copy.fills as readonly Paint[]).map((paint) =>
    paint.type === "IMAGE" && paint.imageHash === fill.imageHash
      ? { ...paint, imageHash: image.hash }
      : paint,
  );
  copy.visible = true;
  return copy;
}

export async function placeBatchResult(request: PlaceBatchResultRequest): Promise<PlaceBatchResultResponse> {
  const original = await existing(request.sourceNodeId);
  if (!original) fail("node_not_found", "The layer was deleted before its result came back.");
  const placedId = resultIdOf(original, request.batchId);
  const placed = placedId ? await existing(placedId) : null;
  if (placed) return { nodeId: placed.id, originalId: original.id };

  const parent = original.parent as Parent | null;
  if (!parent) fail("node_not_found", `"${shortName(original.name)}" is no longer on a page.`);
  await loadedPageOf(original);
  const node =
    sameLayerNewPicture(original, request) ?? (await createContentNode(request.content, original.name));
  try {
    // Just above the original in the layer list: the two sit together, the result on top.
    parent.insertChild(parent.children.indexOf(original) + 1, node);
    const asset = readAsset(original);
    if (asset && node.getPluginData("asset") === "") recordAsset(node, asset);
    if (request.madeBy) recordMade(node, request.madeBy, original.name);
    if (node.type === "FRAME") rescaleBy(node, original.width / node.width);
    if (Math.abs(node.width - original.width) > 0.5 || Math.abs(node.height - original.height) > 0.5)
      node.resize(original.width, original.height);
    if ("constraints" in original) node.constraints = original.constraints;
    const absolute = "layoutPositioning" in original && original.layoutPositioning === "ABSOLUTE";
    const inFlow = isAutoLayout(parent) && !absolute;
    if (!inFlow) {
      if (isAutoLayout(parent)) node.layoutPositioning = "ABSOLUTE";
      // Same parent, so the same coordinate space.
      node.x = original.x;
      node.y = original.y;
    }
    // A hidden child leaves the auto-layout flow: the result takes its slot and nothing moves.
    original.visible = false;
    linkResult(node, original, request.batchId);
    node.setRelaunchData(REVERT_RELAUNCH);
  } catch (error) {
    if (!node.removed) node.remove();
    original.visible = true;
    throw error;
  }
  figma.commitUndo();
  return { nodeId: node.id, originalId: original.id };
}
