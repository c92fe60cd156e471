// Which selected layers a batch can take. A selected frame, group or section stands for the layers
// inside it that the work applies to (a page of product photos selected as one frame); anything else
// selected is taken or left out with the reason the designer will read: hidden, locked, not an image.
import type {
  BatchCandidatesRequest,
  BatchCandidatesResponse,
  BatchLayer,
  BatchNeed,
  SkippedLayer,
  SkipReason,
} from "../messages/types";
import { insideInstance } from "./placement";
import { imageFillOf, isExportable } from "./selection";

/** A batch of more than this many layers is cut: the plan says so by listing only these. */
export const MAX_BATCH = 200;

const CONTAINERS = ["FRAME", "GROUP", "SECTION"];

/** Hidden or locked by itself or through a parent: the designer cannot see or touch it on the canvas. */
function hiddenOrLocked(node: SceneNode): SkipReason | undefined {
  for (let n: BaseNode | null = node; n && n.type !== "PAGE"; n = n.parent) {
    const scene = n as SceneNode;
    if (scene.visible === false) return "hidden";
    if (scene.locked === true) return "locked";
  }
  return undefined;
}

function reasonAgainst(node: SceneNode, need: BatchNeed): SkipReason | undefined {
  const blocked = hiddenOrLocked(node);
  if (blocked) return blocked;
  // The result goes in the original's place: an instance's structure takes no new layer.
  if (insideInstance(node)) return "in-instance";
  if (!isExportable(node)) return "not-exportable";
  if (need === "image" && !imageFillOf(node)) return "not-image";
  return undefined;
}

/** The layers inside a container the work applies to, in layer-list order (top of the list first). */
function inside(node: SceneNode, need: BatchNeed, into: SceneNode[]): void {
  if (!("children" in node)) return;
  for (const child of [...node.children].reverse()) {
    if (need === "image" && imageFillOf(child)) into.push(child);
    else if (CONTAINERS.includes(child.type)) inside(child, need, into);
  }
}

export function batchCandidates(request: BatchCandidatesRequest): BatchCandidatesResponse {
  const layers: BatchLayer[] = [];
  const skipped: SkippedLayer[] = [];
  const seen = new Set<string>();
  for (const selected of figma.currentPage.selection) {
    const reason = reasonAgainst(selected, request.need);
    const found: SceneNode[] = [];
    // A container without an image of its own stands for the images inside it (vectorize, cut-outs).
    if (reason === "not-image" && CONTAINERS.includes(selected.type)) inside(selected, request.need, found);
    if (found.length === 0) {
      if (reason) skipped.push({ nodeId: selected.id, name: selected.name, reason });
      else found.push(selected);
    }
    for (const node of found) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      const why = reasonAgainst(node, request.need);
      if (why) skipped.push({ nodeId: node.id, name: node.name, reason: why });
      else if (layers.length < MAX_BATCH)
        layers.push({ nodeId: node.id, name: node.name, width: node.width, height: node.height });
    }
  }
  return { layers, skipped };
}
