// The stores of the Similar, AI and Convert tabs: each works on the canvas selection, the AI and
// Convert tabs through the one work store that follows long jobs across windows.

import type { ReadonlySignal } from "@preact/signals";
import type { SelectionInfo } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { createAiTab } from "../ai/ai-tab";
import { createConvertTab } from "../convert/convert-tab";
import type { ErrorStore } from "../errors/error-store";
import type { InsertController } from "../insert/insert-controller";
import type { AssetsApi } from "../services/assets-api";
import type { SettingsStore } from "../settings/settings-store";
import { createSimilarStore } from "../similar/similar-store";
import type { WorkStore } from "../work/work-types";

export interface TabStoresDeps {
  api: () => AssetsApi;
  port: Pick<UiPort, "request" | "on">;
  settings: SettingsStore;
  selection: ReadonlySignal<SelectionInfo | null>;
  /** The layers the plugin placed: Find similar starts from them. */
  placed: InsertController["placed"];
  work: WorkStore;
  errors: ErrorStore;
}

export function createTabStores(deps: TabStoresDeps) {
  const similar = createSimilarStore({
    api: deps.api,
    port: deps.port,
    selection: deps.selection,
    placedByPlugin: deps.placed,
    onError: (error, retry) => deps.errors.show(error, { ...(retry ? { retry } : {}) }),
  });
  const ai = createAiTab({
    api: deps.api,
    settings: deps.settings,
    selection: deps.selection,
    work: deps.work,
  });
  const convert = createConvertTab({ api: deps.api, selection: deps.selection, work: deps.work });
  return { similar, ai, convert };
}
