// Places the result of work done on a layer: a vector exactly over its source (named after it, the
// source hidden or kept), an image fill swapped in place, or a new node. A source deleted meanwhile
// sends the result where an insert would go (a selected frame, else the viewport centre), with a
// notice saying where. A source on another page gets its result there, the designer's page untouched
// (see other-page.ts). A failure leaves no node made, no notice, and the source shown as it was.
import type { PlacedWhere, PlaceResultRequest, PlaceResultResponse } from "../messages/types";
import { fail } from "./errors";
import { createContentNode } from "./insert-content";
import { MADE_KEY, readAsset, recordAsset, recordMade } from "./node-data";
import { notify, shortName } from "./notice";
import { finishOn, loadedPageOf } from "./other-page";
import { insideInstance, moveTo, type Parent, placeAuto, rescaleBy } from "./placement";
import { imageFillOf } from "./selection";

async function sourceNode(id: string | undefined): Promise<SceneNode | null> {
  if (!id) return null;
  const node = await figma.getNodeByIdAsync(id);
  return node && "visible" in node && !node.removed ? (node as SceneNode) : null;
}

export async function placeResult(request: PlaceResultRequest): Promise<PlaceResultResponse> {
  const source = await sourceNode(request.sourceNodeId);
  const sourceMissing = request.sourceNodeId !== undefined && source === null;
  // Loaded before anything is made, so a page that cannot load leaves nothing behind.
  const page = source ? await loadedPageOf(source) : figma.currentPage;
  if (source && request.mode === "replace-fill") return replaceFill(source, page, request);
  const name = source?.name ?? request.name ?? "Assetport result";
  const node = await createContentNode(request.content, name);
  const sourceShown = source?.visible;
  let placedWhere: PlacedWhere | undefined;
  try {
    // A result of an asset is still that asset (its licence goes with it: a vectorized CC BY icon
    // still asks for credit), so the source's record comes along when the window names none.
    const asset = request.asset ?? (source ? readAsset(source) : null);
    if (asset) recordAsset(node, asset);
    if (request.madeBy) recordMade(node, request.madeBy, source?.name);
    if (source && request.mode === "over-source") {
      overSource(source, page, node, request.hideSource === true);
    } else if (source) {
      beside(source, page, node);
    } else {
      placedWhere = placeAuto(node);
    }
    finishOn(page, [node]);
  } catch (error) {
    if (!node.removed) node.remove();
    if (source && sourceShown !== undefined && !source.removed && source.visible !== sourceShown) {
      source.visible = sourceShown;
    }
    throw error;
  }
  // Only once the result exists, and saying where it really went (a selected frame takes it too).
  if (sourceMissing)
    notify(`The original layer was deleted: the result is ${WHERE[placedWhere ?? "centre"]}.`);
  return { nodeIds: [node.id], sourceMissing };
}

const WHERE: Record<PlacedWhere, string> = {
  frame: "in the selected frame",
  "auto-layout": "in the selected frame",
  group: "in the selected group",
  beside: "beside the selected asset",
  centre: "in the middle of the view",
  point: "in the middle of the view",
  replace: "in the middle of the view",
};

/** The source's parent, or its page when the parent is locked (an instance's structure). */
function parentFor(source: SceneNode, page: PageNode): Parent {
  const parent = source.parent as Parent | null;
  return parent && !insideInstance(source) && parent.type !== "INSTANCE" ? parent : page;
}

/** Same parent, just above the source in the layer list, same box, same constraints. */
function overSource(
  source: SceneNode,
  page: PageNode,
  node: FrameNode | RectangleNode,
  hideSource: boolean,
): void {
  const parent = parentFor(source, page);
  const t = source.absoluteTransform;
  const inFlow = parent === source.parent && "layoutMode" in parent && parent.layoutMode !== "NONE";
  parent.insertChild(
    parent === source.parent ? parent.children.indexOf(source) + 1 : parent.children.length,
    node,
  );
  rescaleBy(node, source.width / node.width);
  if (Math.abs(node.height - source.height) > 0.5) node.resize(source.width, source.height);
  if ("constraints" in source && parent === source.parent) node.constraints = source.constraints;
  if (inFlow && hideSource) {
    // The hidden source leaves the auto-layout flow: the vector takes its slot, so nothing moves.
    source.visible = false;
    return;
  }
  // Otherwise, in an auto-layout frame, the result floats over its source instead of joining the flow.
  if (inFlow) node.layoutPositioning = "ABSOLUTE";
  moveTo(node, t[0][2], t[1][2]);
  if (hideSource) source.visible = false;
}

/** To the right of the source on the canvas; in canvas coordinates, since the parent may be the page. */
function beside(source: SceneNode, page: PageNode, node: FrameNode | RectangleNode): void {
  const parent = parentFor(source, page);
  parent.appendChild(node);
  const t = source.absoluteTransform;
  moveTo(node, t[0][2] + source.width + 16, t[1][2]);
}

/** Swaps the image in the source's fill; size, position and scale mode stay, undo restores it. */
async function replaceFill(
  source: SceneNode,
  page: PageNode,
  request: PlaceResultRequest,
): Promise<PlaceResultResponse> {
  if (request.content.kind !== "image") fail("unsupported_image", "Only an image can replace an image fill.");
  const fill = imageFillOf(source);
  if (!fill || !("fills" in source) || !Array.isArray(source.fills)) {
    fail("not_exportable", `"${shortName(source.name)}" has no image fill to replace.`);
  }
  const image = figma.createImage(request.content.bytes);
  const before = source.fills as readonly Paint[];
  const madeBefore = source.getPluginData(MADE_KEY);
  source.fills = before.map((p) => (p === fill ? Object.assign({}, fill, { imageHash: image.hash }) : p));
  try {
    // The layer itself was changed: it keeps its own asset record and says what was done to it.
    if (request.madeBy) recordMade(source, request.madeBy);
    finishOn(page, [source]);
  } catch (error) {
    source.fills = before;
    source.setPluginData(MADE_KEY, madeBefore);
    throw error;
  }
  return { nodeIds: [source.id], sourceMissing: false };
}
