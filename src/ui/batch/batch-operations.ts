// The work a batch can do to many layers, and how each layer goes up: vectorize and remove background
// take image layers as PNG; the conversions whose input a layer can be (SVG, PNG, JPG) and whose output
// Figma shows (PNG, JPG) take any exportable layer in their input format.
import type { AiOperation, ConversionOperation } from "../../api/contract/tables";
import type { BatchNeed, ExportFormat } from "../../messages/types";
import { AI_LABELS } from "../ai/ai-operations";
import { conversionName } from "../convert/convert-names";

export type BatchOperation =
  | { family: "ai"; operation: Extract<AiOperation, "vectorize" | "remove-background"> }
  | {
      family: "convert";
      operation: Extract<ConversionOperation, "svg-to-png" | "svg-to-jpg" | "png-to-jpg" | "jpg-to-png">;
    };

export const BATCH_OPERATIONS: readonly BatchOperation[] = [
  { family: "ai", operation: "vectorize" },
  { family: "ai", operation: "remove-background" },
  { family: "convert", operation: "svg-to-png" },
  { family: "convert", operation: "svg-to-jpg" },
  { family: "convert", operation: "png-to-jpg" },
  { family: "convert", operation: "jpg-to-png" },
];

/** The upload's long side: the AI tab's, so a batch result matches a single run's. */
export const UPLOAD_MAX_SIDE = 1024;

export function needOf(op: BatchOperation): BatchNeed {
  return op.family === "ai" ? "image" : "exportable";
}

export function exportFormatOf(op: BatchOperation): ExportFormat {
  if (op.family === "ai") return "PNG";
  const input = op.operation.split("-to-")[0];
  return input === "svg" ? "SVG" : input === "jpg" ? "JPG" : "PNG";
}

export function operationName(op: BatchOperation): string {
  return op.family === "ai" ? AI_LABELS[op.operation] : conversionName(op.operation);
}

export function findOperation(family: string, operation: string): BatchOperation | undefined {
  return BATCH_OPERATIONS.find((op) => op.family === family && op.operation === operation);
}
