// The variant every result cell shows (Thin, Light, Regular, Bold, Fill, Duotone) as one compact
// menu button at the right end of the set chips' row ("Regular ▾"), Figma's dark menu under it: a
// full-width row of six segments cost a whole line above the grid. Only when the results have
// variants to pick; the choice is remembered with the settings. Up and down walk the choices, Enter
// picks one, Escape closes (Popover). A weight some sets draw otherwise ("Tabler has no Thin: drawn
// at 0.75 px") is said in the button's tooltip and at the menu's foot; the cells say it too.

import { CheckGlyph, ChevronGlyph } from "../insert-bar/bar-icons";
import { Popover } from "../insert-bar/Popover";
import { switchChoice, type VariantChoice } from "./group-variants";
import "./variants.css";

export interface WeightMenuProps {
  choices: readonly VariantChoice[];
  /** The stored family; none, or one the results lack, reads as Regular (what cells then show). */
  chosen: string | null;
  onChoose(value: string): void;
  /** How the chosen weight is drawn where a set lacks it; empty when every set has it. */
  lacking?: string;
}

export function WeightMenu({ choices, chosen, onChoose, lacking }: WeightMenuProps) {
  const current = switchChoice(choices, chosen);
  const label = choices.find((c) => c.value === current)?.label ?? "";
  return (
    <Popover
      class="weight-menu"
      label={lacking ? `Variant: ${label}. ${lacking}` : `Variant: ${label}`}
      trigger={
        <>
          <span class="weight-menu__text" data-testid="weight-chosen">
            {label}
          </span>
          {/* Some sets draw the chosen weight otherwise: a quiet mark, the words in the tooltip. */}
          {lacking ? <span class="weight-menu__mark" aria-hidden="true" /> : null}
          <ChevronGlyph />
        </>
      }
    >
      {(close) => (
        <div class="menu" role="radiogroup" aria-label="Variant">
          {choices.map((choice) => (
            // biome-ignore lint/a11y/useSemanticElements: a menu row drawn as Figma draws one
            <button
              key={choice.value}
              type="button"
              role="radio"
              class="menu__item"
              data-value={choice.value}
              aria-checked={choice.value === current}
              aria-label={choice.label}
              // Opened, the keyboard starts on the weight chosen, as in Figma's menus.
              data-autofocus={choice.value === current ? "" : undefined}
              // The other sets' word for the same drawing ("Outline in Tabler"), on hover only.
              title={choice.others ? `${choice.label} · ${choice.others}` : undefined}
              onClick={() => {
                onChoose(choice.value);
                close();
              }}
            >
              <span class="menu__check">{choice.value === current ? <CheckGlyph /> : null}</span>
              <span class="menu__text">{choice.label}</span>
            </button>
          ))}
          {lacking ? (
            <p class="menu__note" data-testid="weight-line">
              {lacking}
            </p>
          ) : null}
        </div>
      )}
    </Popover>
  );
}
