// The insert options for pictures, in the bar where icons have size and colour: the size a 3D or AI
// image (or an animation) takes on the canvas, how sharp a 3D or AI image is drawn (1x, or 2x: twice
// the pixels in the same box, crisp on a high-density screen), and whether an animation goes in
// moving or still. Each choice is a setting: remembered, and the same as Settings shows.
import type { AssetType } from "../../api/contract/tables";
import type { Settings } from "../../messages/types";
import { SegmentedButtons } from "../controls";
import { RASTER_SIZES, type SettingsStore } from "../settings/settings-store";
import { pictureOutcome } from "./picture-outcome";

const DENSITIES = [
  [1, "1x"],
  [2, "2x"],
] as const;

const LOTTIE_AS = [
  ["gif", "Moving"],
  ["first-frame", "Still"],
] as const;

/** Whether the bar has picture options for `type` (illustrations keep their own size and colours). */
export function hasPictureOptions(type: AssetType): boolean {
  return type === "3d" || type === "ai-image" || type === "lottie";
}

export function PictureOptions(props: {
  settings: Pick<SettingsStore, "settings" | "update">;
  type: AssetType;
}) {
  const s = props.settings.settings.value;
  const set = (patch: Partial<Settings>) => void props.settings.update(patch);
  const what = props.type === "lottie" ? "Animation" : "Picture";
  const outcome = pictureOutcome(props.type, s);
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset cannot lay its legend out in one 28 px row */}
      <div
        class="insert-bar__row picture-options"
        role="group"
        aria-label={`${what} options`}
        aria-describedby={outcome ? OUTCOME_ID : undefined}
      >
        <span class="picture-options__size" title={`${what} size on the canvas, in px (long side)`}>
          <SegmentedButtons
            label={`${what} size on the canvas, in px`}
            name="rasterSize"
            options={RASTER_SIZES.map((n) => [n, String(n)] as const)}
            value={s.rasterSize}
            onChange={(rasterSize) => set({ rasterSize })}
          />
        </span>
        {props.type === "lottie" ? (
          <span title="Moving: an animated GIF. Still: one frame of it">
            <SegmentedButtons
              label="Goes in as"
              name="lottieAs"
              options={LOTTIE_AS}
              value={s.lottieAs}
              onChange={(lottieAs) => set({ lottieAs })}
            />
          </span>
        ) : (
          <span title="2x: twice the pixels in the same size, sharp on high-density screens">
            <SegmentedButtons
              label="Sharpness"
              name="rasterDensity"
              options={DENSITIES}
              value={s.rasterDensity}
              onChange={(rasterDensity) => set({ rasterDensity })}
            />
          </span>
        )}
        {/* The outcome in words, which carries the unit the segments leave out, at the row's end
            where the window has room for it (insert-bar.css); otherwise read out and in the
            tooltip: a line of its own under the row cost a row above the grid. */}
        {outcome ? (
          <p id={OUTCOME_ID} class="picture-options__outcome" aria-live="polite" title={outcome}>
            {outcome}
          </p>
        ) : null}
      </div>
    </>
  );
}

const OUTCOME_ID = "picture-outcome";
