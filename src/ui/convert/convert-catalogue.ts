// The twelve conversions as the plan offers them: the contract's table (input, output, mode) joined
// with GET /v3/convert/operations (cost, available_on_your_plan and why not, max_upload_kb).

import { signal } from "@preact/signals";
import { CONVERSION_OPERATIONS, CONVERSIONS, type ConversionOperation } from "../../api/contract";
import type { ConversionOperationEntry } from "../../api/results";
import { toUiError, type UiError } from "../errors/ui-error";
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
  const status = signal<"idle" | "loading" | "ready" | "failed">("idle");
  const error = signal<UiError | null>(null);

  /** The client the catalogue was read with: another proxy or token may offer other operations. */
  let readWith: unknown;

  async function load() {
    status.value = "loading";
    const api = deps.api();
    readWith = api;
    try {
      const answer = await api.conversionOperations();
      choices.value = choicesFrom(answer.operations);
      maxUploadKb.value = answer.max_upload_kb;
      error.value = null;
      status.value = "ready";
    } catch (caught) {
      error.value = toUiError(caught);
      status.value = "failed";
    }
  }

  return {
    choices,
    maxUploadKb,
    status,
    error,
    load,
    /** Reads the catalogue when the tab is shown, unless it is already read (or being read) from this proxy. */
    ensure() {
      const stale = readWith !== deps.api();
      if (stale || status.peek() === "idle" || status.peek() === "failed") void load();
    },
  };
}

export type ConvertCatalogue = ReturnType<typeof createConvertCatalogue>;
