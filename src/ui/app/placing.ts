// What a results grid (search or Find similar) uses to place, and nothing more: gathered from the
// insert, detail and browse stores, with the colour previews are tinted in.

import { computed } from "@preact/signals";
import { createCopySvg } from "../detail/copy-svg-store";
import type { DetailStores } from "../detail/DetailPanel";
import type { DetailStore } from "../detail/detail-store";
import type { ErrorStore } from "../errors/error-store";
import type { PlacingStores } from "../grid/PlacingGrid";
import { placingLook } from "../grid/placing-look";
import { previewTint } from "../grid/preview-tint";
import type { SettingsStore } from "../settings/settings-store";
import type { IconCounts } from "../variants/icon-counts";
import type { InsertStores } from "./insert-stores";

export interface PlacingSources extends InsertStores {
  detail: DetailStore;
  errors: ErrorStore;
  settings: SettingsStore;
  selection: PlacingStores["selection"];
  replacing: PlacingStores["replacing"];
  searchFor: PlacingStores["searchFor"];
  iconCounts: IconCounts;
}

export function placingStores(from: PlacingSources): PlacingStores & DetailStores {
  const { insertOptions, fileColour, settings } = from;
  return {
    insert: from.insert,
    detail: from.detail,
    copySvg: createCopySvg({ insert: from.insert }),
    errors: from.errors,
    settings,
    look: placingLook(settings, insertOptions.strokeDraft.drawn),
    selection: from.selection,
    replacing: from.replacing,
    searchFor: from.searchFor,
    switchSelectedTo: (variant, choice) => insertOptions.switchSelectedTo(variant, choice),
    counts: from.iconCounts,
    tint: computed(() =>
      previewTint({
        hex: settings.settings.value.iconColor,
        choice: fileColour.choice.value,
        gone: fileColour.gone.value,
        colours: insertOptions.colours.value,
      }),
    ),
  };
}
