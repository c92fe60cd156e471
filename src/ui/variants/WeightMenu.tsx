// The variant every result cell shows (Thin, Light, Regular, Bold, Fill, Duotone) as one compact
// menu button at the right end of the set chips' row ("Regular ▾"), Figma's dark menu under it: a
// full-width row of six segments cost a whole line above the grid. Only when the results have
// variants to pick; the choice is remembered with the settings. Up and down walk the choices, Enter
// picks one, Escape closes (Popover). A weight some sets draw otherwise ("Tabler has no Thin: drawn
// at 0.75 px") is said in the button's tooltip and at the menu's foot; the cells say it too. Each
// row names the sets that have no drawing of its weight ("not in Tabler"): their cells show another
// drawing, the one a grey dot marks, so the dot is explained before it is met.

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

/** "not in Tabler", "not in 2 sets": short enough for the menu's 200 px beside the weight. */
export function missingWords(sets: readonly string[]): string {
  return sets.length === 1 ? `not in ${sets[0]}` : `not in ${sets.length} sets`;
}

/** "No Duotone in Tabler: shown in another drawing", every set without the weight by name. */
function missingNote(choice: VariantChoice): string {
  return `No ${choice.label} in ${choice.missing.join(", ")}: shown in another drawing`;
}

/** A row's tooltip: the other sets' spellings, and the sets without the weight. */
function rowTitle(choice: VariantChoice): string | undefined {
  const parts = [choice.others, choice.missing.length ? missingNote(choice) : ""].filter(Boolean);
  return parts.length ? `${choice.label} · ${parts.join(" · ")}` : undefined;
}

export function WeightMenu({ choices, chosen, onChoose, lacking }: WeightMenuProps) {
  const current = switchChoice(choices, chosen);
  const choice = choices.find((c) => c.value === current);
  const label = choice?.label ?? "";
  // Why some cells differ: the width a set's lines are drawn at, else the sets without the weight.
  const why = lacking || (choice?.missing.length ? missingNote(choice) : "");
  return (
    <Popover
      class="weight-menu"
      label={why ? `Variant: ${label}. ${why}` : `Variant: ${label}`}
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
              title={rowTitle(choice)}
              onClick={() => {
                onChoose(choice.value);
                close();
              }}
            >
              <span class="menu__check">{choice.value === current ? <CheckGlyph /> : null}</span>
              <span class="menu__text">{choice.label}</span>
              {choice.missing.length ? (
                <span class="menu__aside" data-testid="weight-missing">
                  {missingWords(choice.missing)}
                </span>
              ) : null}
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
