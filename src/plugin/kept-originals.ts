// The link between a batch's result and the original it stands in for, written on both layers: the
// result names its original (and its batch) so Revert can bring it back; the original names its result
// so a layer placed once is never placed again when an interrupted batch resumes.
const ORIGINAL_KEY = "original";
const RESULT_KEY = "result";

export interface OriginalLink {
  originalId: string;
  batchId: string;
}

export function linkResult(result: SceneNode, original: SceneNode, batchId: string): void {
  result.setPluginData(ORIGINAL_KEY, JSON.stringify({ originalId: original.id, batchId }));
  original.setPluginData(RESULT_KEY, JSON.stringify({ resultId: result.id, batchId }));
}

export function originalLinkOf(node: BaseNode): OriginalLink | null {
  try {
    const value = JSON.parse(node.getPluginData(ORIGINAL_KEY) || "null") as Partial<OriginalLink> | null;
    return typeof value?.originalId === "string" && typeof value.batchId === "string"
      ? { originalId: value.originalId, batchId: value.batchId }
      : null;
  } catch {
    return null;
  }
}

/** The result already placed for this original in this batch, by id. */
export function resultIdOf(original: BaseNode, batchId: string): string | null {
  try {
    const value = JSON.parse(original.getPluginData(RESULT_KEY) || "null") as {
      resultId?: unknown;
      batchId?: unknown;
    } | null;
    return value?.batchId === batchId && typeof value.resultId === "string" ? value.resultId : null;
  } catch {
    return null;
  }
}

export function unlink(result: SceneNode, original: SceneNode | null): void {
  result.setPluginData(ORIGINAL_KEY, "");
  original?.setPluginData(RESULT_KEY, "");
}
