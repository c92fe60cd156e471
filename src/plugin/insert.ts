// insert and replace-selection: make the asset's node(s), place them, finish as one undo step.
import type { InsertRequest, InsertResponse, ReplaceSelectionRequest } from "../messages/types";
import { fail, orRemove } from "./errors";
import { type AssetNode, createAssetNode } from "./insert-content";
import { finishOn, loadedPageOfAll } from "./other-page";
import { colourFor, colourOf, setStrokeWidth, strokeWidthOf } from "./paints";
import { assertReplaceable, finish, placeAuto, replaceNode } from "./placement";

async function nodesById(ids: string[]): Promise<SceneNode[]> {
  const nodes: SceneNode[] = [];
  for (const id of ids) {
    const node = await figma.getNodeByIdAsync(id);
    if (!node || !("visible" in node)) fail("node_not_found", "A layer to replace no longer exists.");
    nodes.push(node as SceneNode);
  }
  return nodes;
}

export async function insert(request: InsertRequest): Promise<InsertResponse> {
  const { asset, content, options, placement } = request;
  if (placement.kind === "replace") {
    return replaceMany(await nodesById(placement.nodeIds), request);
  }
  const node = await createAssetNode(asset, content, options, await colourFor(options));
  return orRemove(node, () => {
    const placedWhere = placeAuto(node);
    finish([node]);
    return { nodeIds: [node.id], placedWhere };
  });
}

export function replaceSelection(request: ReplaceSelectionRequest): Promise<InsertResponse> {
  const targets = [...figma.currentPage.selection];
  if (targets.length === 0) fail("nothing_selected", "Select the layers to replace first.");
  return replaceMany(targets, request);
}

/** All or nothing: every new node is made before any old one is touched. */
async function replaceMany(targets: SceneNode[], request: ReplaceSelectionRequest): Promise<InsertResponse> {
  for (const target of targets) assertReplaceable(target);
  // Layers named by id may be on a page the designer is not looking at (see other-page.ts).
  const page = await loadedPageOfAll(targets);
  const asked = await colourFor(request.options);
  const made: AssetNode[] = [];
  try {
    for (const target of targets) {
      // The replaced layer's colour, as its variable or style when it had one.
      const keep = request.options?.keepReplacedColor ? await colourOf(target) : null;
      made.push(await createAssetNode(request.asset, request.content, request.options, keep ?? asked));
    }
    targets.forEach((target, i) => {
      // The stroke width asked for (or the one the replaced icon was given) is absolute: set again
      // once the icon is fitted to the old layer's box, which scales its strokes.
      const strokeWidth = request.options?.strokeWidth ?? strokeWidthOf(target);
      replaceNode(target, made[i]!);
      if (strokeWidth) setStrokeWidth(made[i]!, strokeWidth);
    });
  } catch (error) {
    for (const node of made) if (!node.removed) node.remove();
    throw error;
  }
  finishOn(page, made);
  return { nodeIds: made.map((n) => n.id), placedWhere: "replace" };
}
