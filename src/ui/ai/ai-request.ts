// Turns the AI tab's choices into one submission for the work core: what is uploaded or sent, and
// where the results land (vectorize over its source, remove background into the source's fill,
// everything else as new nodes). Pure: the view and the tests read the same answer.

import type { AiOperation, ImageInput } from "../../api/contract/tables";
import type { SelectedNode } from "../../messages/types";
import type { AiSubmit } from "../work/work-types";

export type ImageFrom = "none" | "selection" | "url";

export interface AiChoices {
  operation: AiOperation;
  imageInput: ImageInput;
  model?: string;
  prompt: string;
  imageFrom: ImageFrom;
  imageUrl: string;
  hideSource: boolean;
}

/** The image sources an operation offers, by its image_input. */
export function imageSourcesFor(imageInput: ImageInput): ImageFrom[] {
  if (imageInput === "none") return ["none"];
  return imageInput === "optional" ? ["none", "selection", "url"] : ["selection", "url"];
}

/** A short layer name from a prompt: its first words. */
export function nameFromPrompt(prompt: string): string {
  const words = prompt.trim().replace(/\s+/g, " ");
  return words.length <= 40 ? words : `${words.slice(0, 39).trimEnd()}…`;
}

/** Why the choices cannot be sent yet (for generative operations), or undefined. */
export function generativeProblem(choices: AiChoices): string | undefined {
  if (!choices.model) return "No model is offered for this operation.";
  if (choices.operation.startsWith("text-to-") && choices.prompt.trim() === "")
    return "Describe what to make.";
  if (choices.imageFrom === "url" && !/^https?:\/\/\S+$/i.test(choices.imageUrl.trim())) {
    return "Paste the web address of a public image.";
  }
  return undefined;
}

/** An upload operation on `source`: the layer exported as PNG and the target its results go to. */
export function uploadSubmit(choices: AiChoices, source: SelectedNode): AiSubmit {
  const at = { nodeId: source.id, nodeName: source.name };
  const target =
    choices.operation === "vectorize"
      ? { mode: "over-source" as const, ...at, hideSource: choices.hideSource }
      : choices.operation === "remove-background"
        ? { mode: "replace-fill" as const, ...at }
        : { mode: "new-node" as const, ...at };
  return {
    operation: choices.operation,
    input: { kind: "selection", format: "PNG", nodeId: source.id },
    target,
  };
}

/**
 * A generative operation. `image`: the resolved image_url and, when it came from a layer, that
 * layer (results go beside it); results are new nodes either way.
 */
export function generativeSubmit(choices: AiChoices, image?: { url: string; node?: SelectedNode }): AiSubmit {
  const prompt = choices.prompt.trim();
  const fields: NonNullable<AiSubmit["fields"]> = {
    model: choices.model ?? "",
    ...(prompt ? { prompt } : {}),
    ...(image ? { image_url: image.url } : {}),
  };
  const name = prompt ? nameFromPrompt(prompt) : undefined;
  return {
    operation: choices.operation,
    fields,
    target: image?.node
      ? { mode: "new-node", nodeId: image.node.id, nodeName: image.node.name }
      : { mode: "new-node", ...(name ? { nodeName: name } : {}) },
  };
}
