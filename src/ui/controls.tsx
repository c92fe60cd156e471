// Small form controls shared by the panels: one labelled select, one labelled text field.

import type { ComponentChildren } from "preact";

export function SelectField(props: {
  label: string;
  name: string;
  value: string;
  options: readonly (readonly [value: string | number, label: string])[];
  onChange(value: string): void;
}) {
  return (
    <label class="field" data-filter={props.name}>
      <span class="field__label">{props.label}</span>
      <select
        class="select"
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function TextField(props: {
  label: string;
  value: string;
  hint?: string;
  type?: "text" | "date";
  onChange(value: string): void;
  children?: ComponentChildren;
}) {
  return (
    <label class="field">
      <span class="field__label">{props.label}</span>
      <input
        class="input"
        type={(props.type ?? "text") as "text"}
        value={props.value}
        placeholder={props.hint ?? ""}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      {props.children}
    </label>
  );
}

/** "colored-outline" -> "colored outline"; "relevant" -> "Relevant". */
export const words = (slug: string) => slug.replaceAll("-", " ");
export const capital = (text: string) => (text[0]?.toUpperCase() ?? "") + text.slice(1);
export const px = (sizes: readonly number[]) => sizes.map((s) => [s, `${s} px`] as const);
