// The variant every result cell shows (Thin, Light, Regular, Bold, Fill, Duotone): a compact segmented
// control above the grid, one word a segment at every width, only when the results have variants.
// Arrow keys move between the segments like any radio group; the choice is remembered with the settings.

import { switchChoice, type VariantChoice } from "./group-variants";
import "./variants.css";

export interface VariantSwitchProps {
  choices: readonly VariantChoice[];
  /** The stored family; none, or one the results lack, reads as Regular (what cells then show). */
  chosen: string | null;
  onChoose(value: string): void;
}

export function VariantSwitch({ choices, chosen, onChoose }: VariantSwitchProps) {
  const current = switchChoice(choices, chosen);
  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const at = choices.findIndex((c) => c.value === current);
    const next = choices[(at + step + choices.length) % choices.length];
    if (!next) return;
    onChoose(next.value);
    const group = e.currentTarget as HTMLElement;
    queueMicrotask(() => group.querySelector<HTMLElement>(`[data-value="${next.value}"]`)?.focus());
  }
  return (
    <div class="variant-switch" role="radiogroup" aria-label="Variant" tabIndex={-1} onKeyDown={onKeyDown}>
      {choices.map((choice) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control in Figma's style, not a browser radio
        <button
          key={choice.value}
          type="button"
          role="radio"
          class="variant-switch__segment"
          data-value={choice.value}
          aria-checked={choice.value === current}
          aria-label={choice.label}
          // The other sets' word for the same drawing ("Outline in Tabler"), on hover only.
          title={choice.others ? `${choice.label} · ${choice.others}` : undefined}
          tabIndex={choice.value === current ? 0 : -1}
          onClick={() => onChoose(choice.value)}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
