// The file a submission uploads: the selection exported by the plugin, or a file the designer picked.

import type { ExportFormat } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { baseName } from "./file-names";
import type { WorkInput } from "./work-types";

export interface Upload {
  file: File;
  /** The name results are named after: the layer's, or the picked file's without extension. */
  sourceName: string;
  /** The exported layer (absent for a picked file). */
  nodeId?: string;
  /** How the layer was exported, so a retry after a restart exports it the same way. */
  exportAs?: { format: ExportFormat; maxSide?: number };
}

const EXTENSION: Readonly<Record<ExportFormat, string>> = { PNG: "png", SVG: "svg", JPG: "jpg" };

export async function readUpload(port: Pick<UiPort, "request">, input: WorkInput): Promise<Upload> {
  if (input.kind === "file") return { file: input.file, sourceName: baseName(input.file.name) };
  const exported = await port.request("export-selection", {
    format: input.format,
    ...(input.maxSide === undefined ? {} : { maxSide: input.maxSide }),
    ...(input.nodeId === undefined ? {} : { nodeId: input.nodeId }),
  });
  const name = exported.nodeName || "Selection";
  return {
    file: new File([exported.bytes as BlobPart], `${name}.${EXTENSION[exported.format]}`, {
      type: exported.mimeType,
    }),
    sourceName: name,
    nodeId: exported.nodeId,
    exportAs: { format: input.format, ...(input.maxSide === undefined ? {} : { maxSide: input.maxSide }) },
  };
}
