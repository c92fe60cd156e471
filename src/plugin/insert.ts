// insert and replace-selection: make the asset's node(s), place them, finish as one undo step.
import type { InsertRequest, InsertResponse, ReplaceSelectionRequest } from "../messages/types";
import { createPlacedNode, newInstance, swapInstance, swapsComponent, variantComponent } from "./components";
import { fail, orRemove } from "./errors";
import { createAssetNode } from "./insert-content";
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
  const node = await createPlacedNode(asset, content, options);
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

/** What a target becomes: swapped to a component, or replaced by a node. */
type Made = { swap: ComponentNode } | { node: FrameNode | RectangleNode | InstanceNode };

/**
 * All or nothing: every new node (and component) is made before any old layer is touched. An instance
 * is swapped to the new component rather than replaced (see components.ts): that works inside another
 * instance too, where a layer cannot be removed.
 */
async function replaceMany(targets: SceneNode[], request: ReplaceSelectionRequest): Promise<InsertResponse> {
  const asComponent = request.options?.insertAsComponent === true;
  const swaps: boolean[] = [];
  for (const target of targets) swaps.push(await swapsComponent(target, asComponent));
  targets.forEach((target, i) => {
    if (!swaps[i]) assertReplaceable(target);
  });
  // Layers named by id may be on a page the designer is not looking at (see other-page.ts).
  const page = await loadedPageOfAll(targets);
  const asked = await colourFor(request.options);
  const made: Made[] = [];
  try {
    for (const [i, target] of targets.entries()) {
      // The replaced layer's colour, as its variable or style when it had one.
      const keep = request.options?.keepReplacedColor ? await colourOf(target) : null;
      const colour = keep ?? asked;
      const { asset, content, options } = request;
      if (swaps[i] || asComponent) {
        // Made to fit the replaced box, so the instance needs no scaling (a nested one cannot move).
        const component = await variantComponent(asset, content, options, colour, target);
        made.push(swaps[i] ? { swap: component } : { node: newInstance(component, asset) });
      } else {
        made.push({ node: await createAssetNode(asset, content, options, colour) });
      }
    }
    targets.forEach((target, i) => {
      const step = made[i]!;
      if ("swap" in step) swapInstance(target as InstanceNode, step.swap, request.asset);
      else if ("node" in step) {
        // The stroke width asked for (or the one the replaced icon was given) is absolute: set again
        // once the icon is fitted to the old layer's box, which scales its strokes.
        const strokeWidth = request.options?.strokeWidth ?? strokeWidthOf(target);
        replaceNode(target, step.node);
        if (strokeWidth && step.node.type !== "INSTANCE") setStrokeWidth(step.node, strokeWidth);
      }
    });
  } catch (error) {
    for (const step of made) if ("node" in step && !step.node.removed) step.node.remove();
    throw error;
  }
  const results = made.map((step, i) => ("node" in step ? step.node : targets[i]!));
  finishOn(page, results);
  return { nodeIds: results.map((n) => n.id), placedWhere: "replace" };
}
