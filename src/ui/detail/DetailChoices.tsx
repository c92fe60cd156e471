// The choices made in the details before inserting: the format when there is more than one (a
// Lottie's in the insert bar's words, its Still among them), and a raster's size.

import type { AssetType, Format } from "../../api/contract/tables";
import { Segmented } from "../controls";
import { canPlace } from "../insert/insert-plan";
import { RASTER_SIZES, type SettingsStore } from "../settings/settings-store";
import type { DetailStore } from "./detail-store";
import { applyPick, type FormatPick, formatPicks, formatTitle, formatWords, pickOf } from "./detail-words";

function titleOf(type: AssetType, pick: FormatPick): { title?: string } {
  const title =
    formatTitle(type, pick) ??
    (pick === "still" || canPlace(pick) ? undefined : "Saved as a file, not placed on the canvas");
  return title ? { title } : {};
}

export function DetailChoices(props: {
  detail: Pick<DetailStore, "format" | "rasterSize">;
  settings: Pick<SettingsStore, "settings" | "update">;
  type: AssetType;
  formats: readonly Format[];
  size: number;
}) {
  const { detail, settings, type, formats, size } = props;
  const format = detail.format.value;
  const raster = format !== "svg" && canPlace(format);
  const picks = formatPicks(type, formats);
  if (picks.length < 2 && !raster) return null;
  return (
    <div class="detail__choices">
      {picks.length > 1 ? (
        <Segmented<FormatPick>
          label="Format"
          name="format"
          value={pickOf(type, format, settings.settings.value.lottieAs)}
          options={picks.map((pick) => ({
            value: pick,
            label: formatWords(type, pick),
            ...titleOf(type, pick),
          }))}
          onChange={(pick) => {
            const picked = applyPick(pick);
            detail.format.value = picked.format;
            // The bar's Moving/Still is this same setting: what the details pick, the bar shows.
            if (picked.lottieAs) void settings.update({ lottieAs: picked.lottieAs });
          }}
        />
      ) : null}
      {raster ? (
        // Four sizes side by side, as Settings offers them: one click, no browser menu, and no
        // label above it to push it out of line with the format beside it ("px" says what it is).
        <Segmented
          label="Size"
          name="rasterSize"
          value={String(size)}
          options={RASTER_SIZES.map((n) => ({ value: String(n), label: `${n} px` }))}
          onChange={(v) => {
            detail.rasterSize.value = Number(v);
          }}
        />
      ) : null}
    </div>
  );
}
