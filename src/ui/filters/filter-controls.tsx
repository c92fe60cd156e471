// The pieces both filter panels (search and Find similar) are built of, each bound to its store's
// signal so a change is one assignment wherever the panel is.

import type { Signal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import type { Price } from "../../api/contract";
import { SelectField, TextField, words } from "../controls";
import { toggleIn } from "./filters-store";

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

export function Chips<T extends string>({ options, chosen }: { options: readonly T[]; chosen: Signal<T[]> }) {
  return (
    <div class="chips">
      {options.map((option) => (
        <button
          type="button"
          key={option}
          class="chip"
          aria-pressed={chosen.value.includes(option)}
          onClick={() => {
            chosen.value = toggleIn(chosen.value, option);
          }}
        >
          {words(option)}
        </button>
      ))}
    </div>
  );
}

/** A text field bound to a signal. */
export const bound = (label: string, value: Signal<string>, hint: string, type?: "date") => (
  <TextField
    label={label}
    value={value.value}
    hint={hint}
    {...(type ? { type } : {})}
    onChange={(v) => {
      value.value = v;
    }}
  />
);

export function PriceField({ price }: { price: Signal<Price | ""> }) {
  return (
    <SelectField
      label="Price"
      name="price"
      value={price.value}
      options={[
        ["", "Free and premium"],
        ["free", "Free"],
        ["premium", "Premium"],
      ]}
      onChange={(v) => {
        price.value = v as Price | "";
      }}
    />
  );
}
