// Exports one layer for the service: PNG/JPG with the long side bounded (twice the layer's size for
// crisp small icons, never past the bound), or SVG as Figma writes it.
import type { ExportSelectionRequest, ExportSelectionResponse } from "../messages/types";
import { fail } from "./errors";
import { shortName } from "./notice";
import { isExportable } from "./selection";

const DEFAULT_MAX_SIDE = 1024;
const MIME = { PNG: "image/png", JPG: "image/jpeg", SVG: "image/svg+xml" } as const;

async function exportTarget(nodeId: string | undefined): Promise<SceneNode> {
  if (nodeId) {
    const node = await figma.getNodeByIdAsync(nodeId);
    if (!node || !("visible" in node)) fail("node_not_found", "The layer no longer exists.");
    if (!isExportable(node as SceneNode))
      fail("not_exportable", `"${shortName(node.name)}" cannot be exported.`);
    return node as SceneNode;
  }
  const selection = figma.currentPage.selection;
  if (selection.length === 0) fail("nothing_selected", "Select a layer first.");
  const node = selection.find(isExportable);
  if (!node) fail("not_exportable", "The selected layer cannot be exported as an image.");
  return node;
}

export async function exportSelection(request: ExportSelectionRequest): Promise<ExportSelectionResponse> {
  const node = await exportTarget(request.nodeId);
  const { format } = request;
  let width = node.width;
  let height = node.height;
  let bytes: Uint8Array;
  if (format === "SVG") {
    bytes = await node.exportAsync({ format: "SVG" });
  } else {
    const long = Math.max(width, height);
    const target = Math.max(1, Math.round(Math.min(request.maxSide ?? DEFAULT_MAX_SIDE, long * 2)));
    const scale = target / long;
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    const constraint: ExportSettingsConstraints =
      node.width >= node.height ? { type: "WIDTH", value: width } : { type: "HEIGHT", value: height };
    bytes = await node.exportAsync({ format, constraint });
  }
  return { nodeId: node.id, nodeName: node.name, format, mimeType: MIME[format], bytes, width, height };
}
