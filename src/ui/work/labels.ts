// How a run is named in the list: what was done, to what.

import type { PendingWork } from "../../messages/types";

const AI_NAMES: Readonly<Record<string, string>> = {
  vectorize: "Vectorize",
  "remove-background": "Remove background of",
  "smart-group": "Smart group",
  "text-to-image": "Text to image",
  "image-to-image": "Image to image",
  "text-to-3d": "Text to 3D",
  "image-to-3d": "Image to 3D",
};

export function runLabel(family: "convert" | "ai", operation: string, sourceName: string): string {
  const what = family === "ai" ? (AI_NAMES[operation] ?? operation) : `${operation} of`;
  return sourceName ? `${what} “${sourceName}”` : what;
}

/** The name results are given: the layer's or file's, else a prompt's first words, else the operation. */
export function sourceNameOf(record: Pick<PendingWork, "target" | "params" | "operation">): string {
  const fromParams = record.params?.sourceName ?? record.params?.prompt;
  const name = record.target?.nodeName ?? (typeof fromParams === "string" ? fromParams : undefined);
  return (name ?? record.operation).slice(0, 60);
}
