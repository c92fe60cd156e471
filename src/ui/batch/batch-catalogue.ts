// What a batch's plan reads from the AI and Convert tabs' catalogues: the cost of one layer and the
// plan's upload limit, read first if the tab has not read them yet.
import { effect, type ReadonlySignal } from "@preact/signals";
import type { AiCatalogue } from "../ai/ai-catalogue";
import type { ConvertCatalogue } from "../convert/convert-catalogue";
import type { BatchCatalogue } from "./batch-types";

/** Resolves once a catalogue read in flight (this tab's or another's) has ended. */
function settled(status: ReadonlySignal<string>): Promise<void> {
  return new Promise((resolve) => {
    let stop: (() => void) | undefined;
    stop = effect(() => {
      if (status.value === "loading") return;
      resolve();
      stop?.();
    });
  });
}

export function batchCatalogue(ai: AiCatalogue, convert: ConvertCatalogue): BatchCatalogue {
  return {
    async ensure(op) {
      if (op.family === "ai") await ai.ensure();
      else convert.ensure();
      await settled(op.family === "ai" ? ai.status : convert.status);
    },
    costOf(op) {
      if (op.family === "ai") return ai.entryOf(op.operation)?.creditCost;
      return convert.choices.peek().find((c) => c.operation === op.operation)?.cost;
    },
    available(op) {
      if (op.family === "ai") return ai.entryOf(op.operation)?.available_on_your_plan;
      return convert.choices.peek().find((c) => c.operation === op.operation)?.available;
    },
    maxUploadKb: (op) => (op.family === "ai" ? ai.maxUploadKb.peek() : convert.maxUploadKb.peek()),
  };
}
