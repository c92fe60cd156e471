// Which AI operation: the ones the catalogue lists, those the plan lacks marked as such. The window's
// own menu (as the search bar's type menu), not a native <select> whose list opens as the browser's
// menu: arrows walk it, Enter or a click picks, Escape closes it and goes no further.

import { CheckGlyph, ChevronGlyph } from "../insert-bar/bar-icons";
import { Popover } from "../insert-bar/Popover";
import type { AiCatalogue } from "./ai-catalogue";
import { AI_LABELS } from "./ai-operations";
import type { AiStore } from "./ai-store";
import "./ai.css";

const OFF_PLAN = " (not on your plan)";

export function OperationPicker({ store, catalogue }: { store: AiStore; catalogue: AiCatalogue }) {
  const current = store.operation.value;
  const options = catalogue.operations.value.map(({ operation, entry }) => ({
    operation,
    off: entry.available_on_your_plan === false,
  }));
  const currentOff = options.find((o) => o.operation === current)?.off;
  const shown = current ? `${AI_LABELS[current]}${currentOff ? OFF_PLAN : ""}` : "";
  return (
    <div class="field ai-operation" data-filter="ai-operation">
      <span class="field__label" aria-hidden="true">
        Operation
      </span>
      <Popover
        class="ai-operation__anchor"
        label={`Operation: ${shown}`}
        trigger={
          <>
            <span class="ai-operation__text" data-testid="ai-operation" data-value={current ?? ""}>
              {shown}
            </span>
            <ChevronGlyph />
          </>
        }
      >
        {(close) => (
          <div class="menu" role="radiogroup" aria-label="Operation">
            {options.map(({ operation, off }) => (
              // biome-ignore lint/a11y/useSemanticElements: a menu row drawn as Figma draws one
              <button
                type="button"
                key={operation}
                role="radio"
                aria-checked={operation === current}
                data-value={operation}
                // The menu opens on the chosen row, as Figma's do.
                {...(operation === current ? { "data-autofocus": true } : {})}
                class="menu__item"
                onClick={() => {
                  store.pick(operation);
                  close();
                }}
              >
                <span class="menu__check">{operation === current ? <CheckGlyph /> : null}</span>
                <span class="menu__text">
                  {AI_LABELS[operation]}
                  {/* Quieter than the name: still listed, so the designer learns it exists. */}
                  {off ? <span class="ai-operation__off">{OFF_PLAN}</span> : null}
                </span>
              </button>
            ))}
          </div>
        )}
      </Popover>
    </div>
  );
}
