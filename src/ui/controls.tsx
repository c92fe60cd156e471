// The window's base controls in Figma's UI3 style, shared by every panel: buttons, a labelled select
// (the native one, restyled with UI3's chevron, so keyboard and screen readers keep working), text
// and number fields, checkbox, radio group, segmented switch, and the centred empty / loading state.
// Their looks live in controls.css (.button, .select, .input, .check, .segmented, .empty-state).

import type { ButtonHTMLAttributes, ComponentChildren } from "preact";
import "./controls.css";

type ButtonVariant = "primary" | "secondary" | "ghost";

/** A 32 px UI3 button; primary (brand fill) unless told. */
export function Button({
  variant = "primary",
  class: extra,
  ...rest
}: { variant?: ButtonVariant } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type">) {
  const kind = variant === "primary" ? "" : ` button--${variant}`;
  return <button type="button" class={`button${kind}${extra ? ` ${extra}` : ""}`} {...rest} />;
}

/** A square 32 px button with only an icon; the label is what a screen reader says. */
export function IconButton({
  label,
  children,
  class: extra,
  ...rest
}: { label: string; children: ComponentChildren } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "aria-label" | "children"
>) {
  return (
    <button type="button" class={`icon-button${extra ? ` ${extra}` : ""}`} aria-label={label} {...rest}>
      {children}
    </button>
  );
}

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

/** A whole-number field (sizes in px); the text as typed goes up, the store decides what it means. */
export function NumberField(props: {
  label: string;
  name: string;
  value: string;
  hint?: string;
  min?: number;
  onInput(value: string): void;
}) {
  return (
    <label class="field">
      <span class="field__label">{props.label}</span>
      <input
        class="input"
        name={props.name}
        type="number"
        min={props.min ?? 1}
        placeholder={props.hint ?? ""}
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

/** A UI3 checkbox: the native input (restyled in app.css) inside its label. */
export function Checkbox(props: {
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children: ComponentChildren;
}) {
  return (
    <label class="check">
      <input
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span class="check__label">{props.children}</span>
    </label>
  );
}

/** Radio buttons, one a line, each label free to carry a note after it. */
export function RadioGroup<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  options: readonly { value: T; label: ComponentChildren }[];
  onChange(value: T): void;
}) {
  return (
    <div class="radio-group" role="radiogroup" aria-label={props.label}>
      {props.options.map((option) => (
        <label key={option.value} class="check">
          <input
            type="radio"
            name={props.name}
            value={option.value}
            checked={option.value === props.value}
            onChange={() => props.onChange(option.value)}
          />
          <span class="check__label">{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/** UI3's segmented control: a few mutually exclusive choices side by side, native radios underneath. */
export function Segmented<T extends string>(props: {
  label: string;
  name: string;
  value: T;
  options: readonly { value: T; label: ComponentChildren; title?: string }[];
  onChange(value: T): void;
}) {
  return (
    <div class="segmented" role="radiogroup" aria-label={props.label}>
      {props.options.map((option) => (
        <label key={option.value} class="segmented__item" title={option.title}>
          <input
            type="radio"
            class="segmented__input"
            name={props.name}
            value={option.value}
            checked={option.value === props.value}
            onChange={() => props.onChange(option.value)}
          />
          <span class="segmented__label">{option.label}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * The same segmented control as buttons with role="radio", for a switch that acts at once (filters,
 * Settings, the bar's Insert | Replace). Named by `label`, or by a visible label's id in `labelledBy`;
 * `name` and each item's value are on the markup so a test can find one choice.
 */
export function SegmentedButtons<T extends string | number>(props: {
  label?: string;
  labelledBy?: string;
  name?: string;
  options: readonly (readonly [value: T, label: string])[];
  value: T;
  onChange(value: T): void;
  /** 20 px segments, for a 24 px line. */
  compact?: boolean;
}) {
  return (
    <div
      class={props.compact ? "segmented segmented--compact" : "segmented"}
      role="radiogroup"
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      data-name={props.name}
    >
      {props.options.map(([value, text]) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control, drawn as Figma draws one
        <button
          type="button"
          key={String(value)}
          role="radio"
          aria-checked={value === props.value}
          data-value={String(value)}
          class="segmented__item"
          onClick={() => props.onChange(value)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/**
 * A state with nothing to list (empty, loading, a problem), centred in the space it is given, with
 * the action that gets past it.
 */
export function EmptyState(props: {
  title: string;
  body?: ComponentChildren;
  /** Alerts (a problem) are read out; plain states are not. */
  problem?: boolean;
  loading?: boolean;
  children?: ComponentChildren;
  testId?: string;
}) {
  return (
    <div
      class={`empty-state${props.problem ? " empty-state--problem" : ""}`}
      role={props.problem ? "alert" : undefined}
      aria-busy={props.loading ? true : undefined}
      data-testid={props.testId}
    >
      {props.loading ? <span class="spinner" aria-hidden="true" /> : null}
      <strong class="empty-state__title">{props.title}</strong>
      {props.body ? <p class="empty-state__body">{props.body}</p> : null}
      {props.children ? <div class="empty-state__actions">{props.children}</div> : null}
    </div>
  );
}

/** "colored-outline" -> "colored outline"; "relevant" -> "Relevant". */
export const words = (slug: string) => slug.replaceAll("-", " ");
export const capital = (text: string) => (text[0]?.toUpperCase() ?? "") + text.slice(1);
export const px = (sizes: readonly number[]) => sizes.map((s) => [s, `${s} px`] as const);
