// The AI tab's state as app-state builds it: the catalogue (operations and models) and the form.

import type { ReadonlySignal } from "@preact/signals";
import type { SelectionInfo } from "../../messages/types";
import { type CatalogueApi, createAiCatalogue } from "./ai-catalogue";
import { type AiStoreDeps, createAiStore } from "./ai-store";

export function createAiTab(deps: {
  api: () => CatalogueApi & ReturnType<AiStoreDeps["api"]>;
  settings: AiStoreDeps["settings"];
  selection: ReadonlySignal<SelectionInfo | null>;
  work: AiStoreDeps["work"];
}) {
  const catalogue = createAiCatalogue({ api: deps.api });
  const store = createAiStore({ ...deps, catalogue });
  return { catalogue, store };
}

export type AiTab = ReturnType<typeof createAiTab>;
