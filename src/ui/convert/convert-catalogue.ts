// The twelve conversions as the plan offers them: the contract's table (input, output, mode) joined
// with GET /v3/convert/operations (cost, available_on_your_plan and why not, max_upload_kb).

import { signal } from "@preact/signals";
import type { ConversionOperationEntry } from "../../api/client/method-results";
import { CONVERSION_OPERATIONS, CONVERSIONS, type ConversionOperation } from "../../api/contract/tables";
import { readPerApi } from "../services/read-per-api";
import type { UiApi } from "../services/ui-api";

export interface ConversionChoice {
  operation: ConversionOperation;
  input: string;
  output: string;
  mode: "sync" | "async";
  cost?: number;
  /** False when the catalogue says the plan lacks it; undefined before the catalogue is read. */
  available?: boolean;
  /** The catalogue's words for why not, when it gives them. */
  unavailableReason?: string;
}

export function choicesFrom(entries: readonly ConversionOperationEntry[]): ConversionChoice[] {
  return CONVERSION_OPERATIONS.map((operation) => {
    const spec = CONVERSIONS[operation];
    const entry = entries.find((e) => e.operation === operation);
    const reason = entry?.unavailable_reason;
    return {
      operation,
      input: spec.input,
      output: spec.output,
      mode: spec.mode,
      ...(entry?.creditCost === undefined ? {} : { cost: entry.creditCost }),
      ...(typeof entry?.available_on_your_plan === "boolean"
        ? { available: entry.available_on_your_plan }
        : {}),
      ...(typeof reason === "string" && reason ? { unavailableReason: reason } : {}),
    };
  });
}

export function createConvertCatalogue(deps: { api: () => Pick<UiApi, "conversionOperations"> }) {
  const choices = signal<ConversionChoice[]>(choicesFrom([]));
  const maxUploadKb = signal<number | undefined>(undefined);
  const reading = readPerApi(deps.api, async (api) => {
    const answer = await api.conversionOperations();
    return () => {
      choices.value = choicesFrom(answer.operations);
      maxUploadKb.value = answer.max_upload_kb;
    };
  });

  return {
    choices,
    maxUploadKb,
    status: reading.status,
    error: reading.error,
    load: reading.reload,
    /**
     * Reads the catalogue when the tab is shown, unless it is already read (or being read) from this
     * proxy; a read that failed is tried again, since the tab calls this only when it is shown.
     */
    ensure() {
      if (reading.status.peek() === "failed") void reading.reload();
      else void reading.ensure();
    },
  };
}

export type ConvertCatalogue = ReturnType<typeof createConvertCatalogue>;
