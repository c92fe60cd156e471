// The stores behind placing an asset: the insert controller, the file's icon colour and the insert
// bar's options. A failed insert becomes the notice; a deleted file colour is marked gone so the
// next insert does not send it.

import type { ReadonlySignal, Signal } from "@preact/signals";
import type { AssetType } from "../../api/contract/tables";
import type { SelectionInfo } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import type { CreditsStore } from "../credits/credits-types";
import { createDownloadsStore } from "../downloads/downloads-store";
import type { ErrorStore } from "../errors/error-store";
import { createFileColourStore } from "../insert/file-colour-store";
import { createInsertController } from "../insert/insert-controller";
import { createInsertOptionsStore } from "../insert-bar/insert-options-store";
import type { RecentStore } from "../recent/recent-store";
import type { AssetsApi } from "../services/assets-api";
import type { SettingsStore } from "../settings/settings-store";

export interface InsertStoresDeps {
  api: () => AssetsApi;
  port: Pick<UiPort, "request" | "on" | "drop">;
  settings: SettingsStore;
  recent: RecentStore;
  credits: CreditsStore;
  errors: ErrorStore;
  /** The asset type searched for, named in an insert's notice. */
  assetType: () => AssetType;
  selection: ReadonlySignal<SelectionInfo | null>;
  replacing: Signal<boolean>;
}

export function createInsertStores(deps: InsertStoresDeps) {
  const insert = createInsertController({
    api: deps.api,
    port: deps.port,
    settings: deps.settings,
    recent: deps.recent,
    credits: deps.credits,
    downloads: createDownloadsStore({ port: deps.port }),
    onError: (error) => {
      // The file's colour was deleted since it was read: marked so, and not sent with the next insert.
      if (error.reason === "colour_missing") fileColour.markGone();
      deps.errors.show(error, { assetType: deps.assetType() });
    },
  });
  const fileColour = createFileColourStore({ port: deps.port, settings: deps.settings });
  const insertOptions = createInsertOptionsStore({
    port: deps.port,
    settings: deps.settings,
    fileColour,
    selection: deps.selection,
    replacing: deps.replacing,
    onError: (error) => deps.errors.show(error),
    insert,
  });
  return { insert, fileColour, insertOptions };
}

export type InsertStores = ReturnType<typeof createInsertStores>;
