// The options a conversion takes, as controls: the scale of a picture or a render (said in pixels
// once the source's size is known) and the animation an SVG becomes. Which conversion takes which,
// and their bounds, are src/api's guesses (conversion-options.ts); this only draws them.

import { SVG_LOTTIE_PRESETS, type SvgLottiePreset } from "../../api/client/conversion-options";
import { SegmentedButtons } from "../controls";
import { countText } from "../count-text";
import type { ConvertStore } from "./convert-store";

const PRESET_WORDS: Readonly<Record<SvgLottiePreset, string>> = {
  static: "Still",
  "fade-in": "Fade in",
  draw: "Draw lines",
};

/** "0.5x", "2x": as Figma's Export names its scales. */
const scaleWords = (scale: number) => `${countText(scale)}x`;

function ScaleField({ store }: { store: ConvertStore }) {
  const scales = store.scales.value;
  const scale = store.scale.value;
  if (scales.length === 0 || scale === undefined) return null;
  const size = store.outputSize.value;
  return (
    <div class="field convert-scale">
      <span class="field__label" id="convert-scale-label">
        Scale
      </span>
      <div class="convert-scale__row">
        <SegmentedButtons
          labelledBy="convert-scale-label"
          name="scale"
          options={scales.map((s) => [s, scaleWords(s)] as const)}
          value={scale}
          onChange={(next) => store.pickScale(next)}
        />
        {/* In pixels once the source is known; until then the scale alone (a sentence would be cut at 280 px). */}
        {size ? (
          <span class="convert-scale__outcome" data-testid="convert-size">
            {`${countText(size.width)} × ${countText(size.height)} px`}
          </span>
        ) : null}
      </div>
    </div>
  );
}

function PresetField({ store }: { store: ConvertStore }) {
  return (
    <div class="field">
      <span class="field__label" id="convert-preset-label">
        Animation
      </span>
      <SegmentedButtons
        labelledBy="convert-preset-label"
        name="preset"
        options={SVG_LOTTIE_PRESETS.map((p) => [p, PRESET_WORDS[p]] as const)}
        value={store.preset.value}
        onChange={(next) => {
          store.preset.value = next;
        }}
      />
    </div>
  );
}

export function ConvertOptions({ store }: { store: ConvertStore }) {
  return (
    <>
      <ScaleField store={store} />
      {store.operation.value === "svg-to-lottie" ? <PresetField store={store} /> : null}
    </>
  );
}
