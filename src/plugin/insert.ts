// insert and replace-selection: make the asset's node(s), place them, finish as one undo step.
import type { InsertRequest, InsertResponse, ReplaceSelectionRequest } from "../messages/types";
import { createPlacedNode, newInstance, swapInstance, swapsComponent, variantComponent } from "./components";
import { fail, orRemove } from "./errors";
import { createAssetNode } from "./insert-content";
import { finishOn, loadedPageOfAll } from "./other-page";
import { type ColourChoice, colourFor, colourOf, strokeWidthOf } from "./paints";
import { assertReplaceable, finish, insideInstance, placeAuto } from "./placement";
import { beforeSwap, fitInto, type NewNode, placeOver, type SwapBefore, undoSwap } from "./replace-steps";

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

/** One layer and what it becomes: Replace gives every target the same asset, a set swap each its own. */
export interface ReplaceStep {
  target: SceneNode;
  request: ReplaceSelectionRequest;
}

/** What a target becomes: swapped to a component (undone from `before`), or replaced by a node. */
type Made = { swap: ComponentNode; before: SwapBefore } | { node: NewNode; of?: ComponentNode };

/**
 * All or nothing: every new node (and component) is made and fitted before any old layer is touched
 * (see replace-steps.ts for the order). An instance is swapped to the new component rather than
 * replaced (see components.ts): that works inside another instance too, where a layer cannot be removed.
 */
function replaceMany(targets: SceneNode[], request: ReplaceSelectionRequest): Promise<InsertResponse> {
  return replaceEach(targets.map((target) => ({ target, request })));
}

/** replaceMany with an asset of its own per target, all or nothing and one undo step all the same. */
export async function replaceEach(steps: ReplaceStep[]): Promise<InsertResponse> {
  const targets = steps.map((step) => step.target);
  const swaps: boolean[] = [];
  for (const { target, request } of steps)
    swaps.push(await swapsComponent(target, request.options?.insertAsComponent === true));
  targets.forEach((target, i) => {
    if (!swaps[i]) assertReplaceable(target);
  });
  // Layers named by id may be on a page the designer is not looking at (see other-page.ts).
  const page = await loadedPageOfAll(targets);
  const made: Made[] = [];
  const components: ComponentNode[] = [];
  const swapped: SwapBefore[] = [];
  try {
    for (const [i, { target, request }] of steps.entries())
      made.push(await makeFor(target, swaps[i]!, request, await colourFor(request.options), components));
    targets.forEach((target, i) => {
      const step = made[i]!;
      if ("node" in step) placeOver(target, step.node);
    });
    targets.forEach((target, i) => {
      const step = made[i]!;
      if (!("swap" in step)) return;
      swapped.push(step.before);
      swapInstance(target as InstanceNode, step.swap, steps[i]!.request.asset);
    });
    targets.forEach((target, i) => {
      if ("node" in made[i]!) target.remove();
    });
  } catch (error) {
    rollBack(targets, made, swapped, components);
    throw error;
  }
  const results = made.map((step, i) => ("node" in step ? step.node : targets[i]!));
  finishOn(page, results);
  return { nodeIds: results.map((n) => n.id), placedWhere: "replace" };
}

/** Makes and fits what `target` becomes, touching nothing but new nodes (and Assetport's page). */
async function makeFor(
  target: SceneNode,
  swaps: boolean,
  request: ReplaceSelectionRequest,
  asked: ColourChoice | null,
  components: ComponentNode[],
): Promise<Made> {
  const { asset, content, options } = request;
  // The replaced layer's colour, as its variable or style when it had one.
  const keep = options?.keepReplacedColor ? await colourOf(target) : null;
  const colour = keep ?? asked;
  if (swaps || options?.insertAsComponent) {
    // Made to fit the replaced box, so the instance needs no scaling (a nested one cannot move).
    const component = await variantComponent(asset, content, options, colour, target, components);
    if (swaps) return { swap: component, before: await beforeSwap(target as InstanceNode) };
    const node = newInstance(component, asset);
    return orRemove(node, () => ({ node, of: component }));
  }
  const node = await createAssetNode(asset, content, options, colour);
  // The stroke width asked for (or the one the replaced icon was given) is absolute. A weight asked
  // for (its lines scaled) is the designer's latest word, over a width the old icon was given.
  // Only an icon takes a line width: an illustration keeps its own lines, scaled with it.
  const strokeWidth =
    asset.type !== "icon"
      ? null
      : (options?.strokeWidth ?? (options?.strokeScale ? null : strokeWidthOf(target)));
  return orRemove(node, () => {
    fitInto(target, node, strokeWidth);
    return { node };
  });
}

/**
 * Undoes a failed batch in reverse: swaps go back, a new node goes wherever its target still stands
 * (a target already removed keeps its replacement: removing both would lose the layer), and the
 * components the batch made go unless a kept replacement is an instance of one.
 */
function rollBack(
  targets: SceneNode[],
  made: Made[],
  swapped: SwapBefore[],
  components: ComponentNode[],
): void {
  for (const before of swapped.reverse()) undoSwap(before, insideInstance(before.target));
  const stillUsed = new Set<ComponentNode>();
  made.forEach((step, i) => {
    if (!("node" in step) || step.node.removed) return;
    if (!targets[i]!.removed) step.node.remove();
    else if (step.of) stillUsed.add(step.of);
  });
  for (const component of components) if (!component.removed && !stillUsed.has(component)) component.remove();
}
