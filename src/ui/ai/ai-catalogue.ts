// The operations (cost, plan, image_input) and models the service offers, asked once per api client
// when the AI tab is first shown, and again when the proxy or token changes.

import { signal } from "@preact/signals";
import type { AiModel, AiOperationEntry } from "../../api/client/method-results";
import type { AiOperation } from "../../api/contract/tables";
import { readPerApi } from "../services/read-per-api";
import type { UiApi } from "../services/ui-api";
import { isAiOperation } from "./ai-operations";

export type CatalogueApi = Pick<UiApi, "aiOperations" | "aiModels">;

export interface OfferedOperation {
  operation: AiOperation;
  entry: AiOperationEntry;
}

export function createAiCatalogue(deps: { api: () => CatalogueApi }) {
  /** In the catalogue's order, only the operations this ui knows (smart-group only when listed). */
  const operations = signal<OfferedOperation[]>([]);
  const models = signal<AiModel[]>([]);
  const maxUploadKb = signal<number | undefined>(undefined);
  const reading = readPerApi(deps.api, async (api) => {
    const [ops, listed] = await Promise.all([api.aiOperations(), api.aiModels()]);
    return () => {
      operations.value = ops.operations.flatMap((entry) =>
        isAiOperation(entry.operation) ? [{ operation: entry.operation, entry }] : [],
      );
      models.value = listed.models;
      maxUploadKb.value = ops.max_upload_kb;
    };
  });

  return {
    operations,
    models,
    maxUploadKb,
    status: reading.status,
    error: reading.error,
    /**
     * Loads unless this api was already asked. A failure stays shown until the designer asks again
     * (reload): the view calls this on every render, and a down service must not be asked in a loop.
     */
    ensure: reading.ensure,
    reload: reading.reload,
    entryOf(operation: AiOperation): AiOperationEntry | undefined {
      return operations.value.find((o) => o.operation === operation)?.entry;
    },
  };
}

export type AiCatalogue = ReturnType<typeof createAiCatalogue>;
