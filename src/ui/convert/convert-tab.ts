// The Convert tab's state as app-state builds it: the catalogue (costs, what the plan allows) and
// the form's store, the same shape as the AI tab's.

import type { ReadonlySignal } from "@preact/signals";
import type { SelectionInfo } from "../../messages/types";
import { createConvertCatalogue } from "./convert-catalogue";
import { type ConvertStoreDeps, createConvertStore } from "./convert-store";

export function createConvertTab(deps: {
  api: Parameters<typeof createConvertCatalogue>[0]["api"];
  selection: ReadonlySignal<SelectionInfo | null>;
  work: ConvertStoreDeps["work"];
}) {
  const catalogue = createConvertCatalogue({ api: deps.api });
  const store = createConvertStore({ catalogue, selection: deps.selection, work: deps.work });
  // The selection too: several layers (or a frame) turn the form's button into a batch's.
  return { catalogue, store, selection: deps.selection };
}

export type ConvertTab = ReturnType<typeof createConvertTab>;
