// What the AI tab knows of each operation beyond the catalogue: its words, whether it uploads the
// selection or takes fields, what it needs selected, and how its results land on the canvas.

import type { AiModel, AiOperationEntry } from "../../api/client/method-results";
import {
  AI_OPERATIONS,
  AI_UPLOAD_OPERATIONS,
  type AiOperation,
  type ImageInput,
} from "../../api/contract/tables";
import type { SelectedNode, SelectionInfo } from "../../messages/types";

export const AI_LABELS: Readonly<Record<AiOperation, string>> = {
  vectorize: "Vectorize",
  "remove-background": "Remove background",
  "smart-group": "Smart group",
  "text-to-image": "Text to image",
  "image-to-image": "Image to image",
  "text-to-3d": "Text to 3D",
  "image-to-3d": "Image to 3D",
};

export const AI_DESCRIPTIONS: Readonly<Record<AiOperation, string>> = {
  vectorize: "Traces the selected image into a vector placed exactly over it.",
  // What to expect, read before credits are spent: the cut follows colour, not what the subject is.
  "remove-background":
    "Cuts the background out of the selected image, in place. Best on a plain, shaded or lightly textured backdrop: on a busy photo, parts of the background may stay.",
  "smart-group": "Sends the selected layer to be grouped by what it shows.",
  "text-to-image": "Makes images from a description.",
  "image-to-image": "Makes new images from an image and a description.",
  "text-to-3d": "Makes a 3D model from a description.",
  "image-to-3d": "Makes a 3D model from an image.",
};

export function isAiOperation(name: string): name is AiOperation {
  return (AI_OPERATIONS as readonly string[]).includes(name);
}

export function isUploadOperation(operation: AiOperation): boolean {
  return AI_UPLOAD_OPERATIONS.includes(operation);
}

/** The catalogue's image_input; an entry that does not say is read as the spec's upload rule (required) or none. */
export function imageInputOf(entry: AiOperationEntry | undefined, operation: AiOperation): ImageInput {
  const said = entry?.image_input;
  if (said === "none" || said === "optional" || said === "required") return said as ImageInput;
  return isUploadOperation(operation) ? "required" : "none";
}

/** Models offered for `operation`; a model that lists no operations is offered for every generative one. */
export function modelsFor(models: readonly AiModel[], operation: AiOperation): AiModel[] {
  if (isUploadOperation(operation)) return [];
  return models.filter((model) => !Array.isArray(model.operations) || model.operations.includes(operation));
}

/** Credits per task: the model's price for generation (cost is per operation and model), else the operation's. */
export function costOf(entry: AiOperationEntry | undefined, model: AiModel | undefined): number | undefined {
  return model?.creditCost ?? entry?.creditCost;
}

/**
 * The layer an upload operation works on, or why there is none. Vectorize and remove background
 * take a raster layer (an image fill); smart-group any exportable layer.
 */
export function sourceLayer(
  operation: AiOperation,
  selection: SelectionInfo | null,
): { node: SelectedNode } | { problem: string } {
  if (!selection || selection.count === 0) return { problem: "Select a layer on the canvas first." };
  const needsImage = operation === "vectorize" || operation === "remove-background";
  const node = selection.nodes.find((n) => n.exportable && (!needsImage || n.hasImageFill));
  if (node) return { node };
  return {
    problem: needsImage
      ? "Select an image layer (a layer with an image fill) to work on."
      : "The selection cannot be exported: select a frame, group, shape or image.",
  };
}
