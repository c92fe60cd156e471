// The pieces both filter panels (search and Find similar) are built of, each bound to its store's
// signal so a change is one assignment wherever the panel is. No browser-default control: choices
// are chips (filters.css) and segmented controls (controls.css) drawn in Figma's style.

import type { Signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import type { Price } from "../../api/contract/tables";
import { SegmentedButtons, TextField, words } from "../controls";
import { countText } from "../count-text";
import { toggleIn } from "./filters-store";
import "./filters.css";

export function Group({
  name,
  label,
  children,
}: {
  name: string;
  label: string;
  children: ComponentChildren;
}) {
  return (
    <fieldset class="filter" data-filter={name}>
      <legend class="filter__label">{label}</legend>
      {children}
    </fieldset>
  );
}

/** "colored-outline" -> "Colored outline". */
export const sentence = (slug: string) => {
  const text = words(slug);
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export function Chips<T extends string>({
  options,
  chosen,
  label = sentence,
  counts,
  about,
  noun,
}: {
  options: readonly T[];
  chosen: Signal<T[]>;
  label?: (option: T) => string;
  /** How many assets each option finds, shown beside its name. */
  counts?: Partial<Record<T, number>>;
  /** Options whose count is an estimate: said "about" in the tooltip and to a screen reader. */
  about?: ReadonlySet<T>;
  /** What the counts count ("icons"), for the tooltip; none, no tooltip. */
  noun?: string;
}) {
  return (
    <div class="chips">
      {options.map((option) => {
        const count = counts?.[option];
        const meaning =
          count !== undefined && noun
            ? `${about?.has(option) ? "About " : ""}${countText(count)} ${noun}`
            : "";
        return (
          <button
            type="button"
            key={option}
            class="chip"
            data-value={option}
            aria-pressed={chosen.value.includes(option)}
            title={meaning || undefined}
            aria-label={meaning ? `${label(option)}, ${meaning.toLowerCase()}` : undefined}
            onClick={() => {
              chosen.value = toggleIn(chosen.value, option);
            }}
          >
            {label(option)}
            {count !== undefined ? <span class="chip__count">{countText(count)}</span> : null}
          </button>
        );
      })}
    </div>
  );
}

/** One choice among options too many or too long for a segmented control, as a row of chips. */
export function ChoiceChips<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly (readonly [value: T, label: string])[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <div class="chips" role="radiogroup" aria-label={label}>
      {options.map(([option, text]) => (
        // biome-ignore lint/a11y/useSemanticElements: chips drawn in Figma's style, not radio inputs
        <button
          type="button"
          key={option}
          role="radio"
          aria-checked={option === value}
          class="chip"
          onClick={() => onChange(option)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** One choice among a few, as Figma's segmented control (the shared one in controls.tsx). */
export function Segmented<T extends string | number>(props: {
  label: string;
  options: readonly (readonly [value: T, label: string])[];
  value: T;
  onChange(value: T): void;
}) {
  return <SegmentedButtons {...props} />;
}

/** A text field bound to a signal. */
export const bound = (label: string, value: Signal<string>, hint: string) => (
  <TextField
    label={label}
    value={value.value}
    hint={hint}
    onChange={(v) => {
      value.value = v;
    }}
  />
);

export function PriceField({ price }: { price: Signal<Price | ""> }) {
  return (
    <Group name="price" label="Price">
      <Segmented
        label="Price"
        value={price.value}
        options={[
          ["", "Any"],
          ["free", "Free"],
          ["premium", "Premium"],
        ]}
        onChange={(v) => {
          price.value = v;
        }}
      />
    </Group>
  );
}
