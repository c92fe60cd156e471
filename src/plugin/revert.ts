// Revert: a batch's results go and their originals come back, shown again in the place they kept.
// By result ids (one layer from the ui), by batch (the whole batch), or the selected results (the
// relaunch button on a result). One undo step for the whole revert.
import type { RevertRequest, RevertResponse } from "../messages/types";
import { originalLinkOf, unlink } from "./kept-originals";
import { fitNotice } from "./notice";

async function sceneById(id: string): Promise<SceneNode | null> {
  const node = await figma.getNodeByIdAsync(id);
  return node && "visible" in node && !node.removed ? (node as SceneNode) : null;
}

/** Every result of `batchId` on the current page (the page the batch ran on). */
function resultsOfBatch(batchId: string): SceneNode[] {
  const found: SceneNode[] = [];
  const walk = (nodes: readonly SceneNode[]) => {
    for (const node of nodes) {
      if (originalLinkOf(node)?.batchId === batchId) found.push(node);
      else if ("children" in node) walk(node.children);
    }
  };
  walk(figma.currentPage.children);
  return found;
}

async function resultsFor(request: RevertRequest): Promise<SceneNode[]> {
  if (request.nodeIds) {
    const nodes = await Promise.all(request.nodeIds.map(sceneById));
    return nodes.filter((n): n is SceneNode => n !== null);
  }
  if (request.batchId) return resultsOfBatch(request.batchId);
  return [...figma.currentPage.selection];
}

export async function revert(request: RevertRequest): Promise<RevertResponse> {
  const restored: SceneNode[] = [];
  let missing = 0;
  for (const result of await resultsFor(request)) {
    const link = originalLinkOf(result);
    if (!link) continue;
    const original = await sceneById(link.originalId);
    if (!original) {
      // The original was deleted by hand: the result is all that is left, so it stays.
      missing += 1;
      continue;
    }
    unlink(result, original);
    original.visible = true;
    result.remove();
    restored.push(original);
  }
  if (restored.length > 0) {
    const onPage = restored.filter((n) => isOnCurrentPage(n));
    if (onPage.length > 0) figma.currentPage.selection = onPage;
    figma.commitUndo();
  }
  return { restoredIds: restored.map((n) => n.id), missing };
}

function isOnCurrentPage(node: BaseNode): boolean {
  for (let p: BaseNode | null = node; p; p = p.parent) if (p === figma.currentPage) return true;
  return false;
}

/** The words the relaunch button closes with. */
export function revertedWords(answer: RevertResponse): string {
  const n = answer.restoredIds.length;
  if (n === 0 && answer.missing === 0) return "Select a result Assetport made to bring back its original.";
  const back = n === 1 ? "1 original is back" : `${n} originals are back`;
  return answer.missing > 0
    ? `${back}; ${answer.missing} had been deleted, so their results stay.`
    : `${back}.`;
}

/** The relaunch button's whole run: revert the selected results, then close with what happened. */
export async function revertSelectionAndClose(): Promise<void> {
  const answer = await revert({});
  figma.closePlugin(fitNotice(revertedWords(answer)));
}
