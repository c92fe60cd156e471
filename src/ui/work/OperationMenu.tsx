// Which operation a work tab runs, from the window's own menu (as the search bar's type menu), not a
// native <select> whose list opens as the browser's: arrows walk it, Enter or a click picks, Escape
// closes it and goes no further. Rows come in groups: what can run here first, then each group of
// what cannot, under one plain sentence on why and what would enable it. Those rows stay pickable,
// so the designer can still read the form and its cost, unless a row is marked disabled: then it is
// a plain disabled item with a short hint at its right and the detail in its tooltip.

import { CheckGlyph, ChevronGlyph } from "../insert-bar/bar-icons";
import { Popover } from "../insert-bar/Popover";
import "./work.css";

export interface MenuRow<T extends string> {
  value: T;
  text: string;
  /**
   * A row that cannot be picked: drawn disabled with `hint` at its right ("Not set up"), the detail in
   * its tooltip, as Figma draws a menu item that does not apply.
   */
  disabled?: { hint: string; detail: string };
}

export interface MenuGroup<T extends string> {
  /** Stable, for keys and tests: "ready", "plan", "beyond-export". */
  key: string;
  /** A short heading over the group; none for the first group of what can run. */
  title?: string;
  /** One sentence under the heading: why these cannot run, and what would enable them. */
  note?: string;
  /** Drawn quieter: none of these can run here. */
  off?: boolean;
  rows: MenuRow<T>[];
}

export function OperationMenu<T extends string>(props: {
  /** "Operation", "Conversion": the field's label and the menu's name. */
  label: string;
  /** The tab's own class on the field, e.g. "ai-operation". */
  class: string;
  testId: string;
  current: T | null;
  groups: readonly MenuGroup<T>[];
  onPick(value: T): void;
}) {
  const { current, groups } = props;
  const shown = groups.flatMap((g) => g.rows).find((row) => row.value === current)?.text ?? "";
  return (
    <div class={`field op-menu ${props.class}`}>
      <span class="field__label" aria-hidden="true">
        {props.label}
      </span>
      <Popover
        class="op-menu__anchor"
        label={`${props.label}: ${shown}`}
        trigger={
          <>
            <span class="op-menu__text" data-testid={props.testId} data-value={current ?? ""}>
              {shown}
            </span>
            <ChevronGlyph />
          </>
        }
      >
        {(close) => (
          <div class="menu" role="radiogroup" aria-label={props.label}>
            {groups.map((group) =>
              group.rows.length === 0 ? null : (
                <div key={group.key} class="op-menu__group" data-group={group.key}>
                  {group.title ? <div class="op-menu__title">{group.title}</div> : null}
                  {group.note ? <p class="op-menu__note">{group.note}</p> : null}
                  {group.rows.map((row) => (
                    // biome-ignore lint/a11y/useSemanticElements: a menu row drawn as Figma draws one
                    <button
                      type="button"
                      key={row.value}
                      role="radio"
                      aria-checked={row.value === current}
                      data-value={row.value}
                      // The menu opens on the chosen row, as Figma's do.
                      {...(row.value === current ? { "data-autofocus": true } : {})}
                      class={`menu__item${group.off ? " op-menu__item--off" : ""}`}
                      // aria-disabled, not disabled: the row stays reachable by the arrows (as
                      // Figma's menus walk past what does not apply) and its tooltip can be read.
                      aria-disabled={row.disabled ? true : undefined}
                      title={row.disabled?.detail}
                      onClick={() => {
                        if (row.disabled) return;
                        props.onPick(row.value);
                        close();
                      }}
                    >
                      <span class="menu__check">{row.value === current ? <CheckGlyph /> : null}</span>
                      <span class="menu__text">{row.text}</span>
                      {row.disabled ? <span class="op-menu__hint">{row.disabled.hint}</span> : null}
                    </button>
                  ))}
                </div>
              ),
            )}
          </div>
        )}
      </Popover>
    </div>
  );
}
