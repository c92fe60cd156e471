// The results grid wired to the insert controller and the detail panel: what a click, a drag, Enter
// and Shift+Enter do is the same whichever list (search or Find similar) fills it.

import type { Signal } from "@preact/signals";
import type { AssetType } from "../../api/contract";
import type { Asset } from "../../api/types";
import type { AppState } from "../app-state";
import { Grid } from "./Grid";

export interface PlacingGridProps {
  app: AppState;
  items: Asset[];
  type: AssetType;
  /** The list's own roving focus, kept apart so each tab returns to where it was. */
  focusIndex: Signal<number>;
  onPreviewFail(url: string): void;
  onNearEnd(): void;
  onExitTop(): void;
  resetKey: string;
}

/**
 * A result without a uuid (the spec shows reverse search items with name and urls only) cannot be
 * downloaded, nor its details read: say so, and offer to search for it by name instead.
 */
function refuseWithoutId(app: AppState, asset: Asset, type: AssetType): boolean {
  if (asset.uuid) return false;
  app.errors.show(
    { reason: "asset_without_id", message: asset.name },
    { retry: () => app.searchFor(asset.name, type) },
  );
  return true;
}

export function PlacingGrid({ app, items, type, focusIndex, ...list }: PlacingGridProps) {
  const { insert, detail } = app;
  const replacing = app.replacing.value && (app.selection.value?.count ?? 0) > 0;
  return (
    <Grid
      items={items}
      type={type}
      focusIndex={focusIndex.value}
      busyUuid={insert.busy.value}
      costOf={(asset) => insert.costOf(asset, type)}
      onFocusIndex={(i) => {
        focusIndex.value = i;
      }}
      onInsert={(asset, mode) => {
        if (refuseWithoutId(app, asset, type)) return;
        // Nothing to replace: say so before a download is spent on it.
        if (mode === "replace" && !app.selection.value?.count)
          app.errors.show({ reason: "nothing_selected", message: "" });
        else void insert.insert(asset, type, replacing ? "replace" : mode);
      }}
      onDetail={(asset) => refuseWithoutId(app, asset, type) || detail.show(asset, type)}
      onDragStart={() => insert.dragStart()}
      onDragEnd={(dropId, asset, release) => {
        // Dropped back inside the window is no drop at all: nothing to refuse.
        if (release.kind === "canvas" && refuseWithoutId(app, asset, type)) return;
        void insert.dragEnd(dropId, asset, type, release);
      }}
      {...list}
    />
  );
}
