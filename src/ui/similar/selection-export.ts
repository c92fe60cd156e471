// The selection as the reverse image search sees it: a PNG from the plugin with its long side at most
// 512 px (the service reduces every image to a small descriptor, so more pixels only cost upload
// time), and what to say when the selection cannot be exported.

import type { SelectionInfo } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";

export const SIMILAR_EXPORT_MAX_SIDE = 512;

export interface ExportedImage {
  nodeId: string;
  nodeName: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/**
 * Why there is nothing to search with; each has its own words and action in the view. `blank`: the
 * layer exported, but its picture is one flat colour (nothing visible to compare).
 */
export type SelectionProblem = "nothing_selected" | "not_exportable" | "blank";

export async function exportSelectionPng(port: Pick<UiPort, "request">): Promise<ExportedImage> {
  const answer = await port.request("export-selection", { format: "PNG", maxSide: SIMILAR_EXPORT_MAX_SIDE });
  return {
    nodeId: answer.nodeId,
    nodeName: answer.nodeName,
    bytes: answer.bytes,
    width: answer.width,
    height: answer.height,
  };
}

/** The same pixels: a re-export of an unchanged layer reuses its image_hash instead of uploading. */
export function sameImage(a: ExportedImage | null, b: ExportedImage): boolean {
  if (!a || a.bytes.length !== b.bytes.length) return false;
  for (let i = 0; i < a.bytes.length; i++) if (a.bytes[i] !== b.bytes[i]) return false;
  return true;
}

/** The layer the plugin would export for this selection (its first exportable one), if any. */
export function exportableNodeId(selection: SelectionInfo | null): string | undefined {
  return selection?.nodes.find((node) => node.exportable)?.id;
}

/** What stops an export before it is asked for, read from the selection the plugin last described. */
export function problemWith(selection: SelectionInfo | null): SelectionProblem | null {
  if (!selection || selection.count === 0) return "nothing_selected";
  return selection.anyExportable ? null : "not_exportable";
}
