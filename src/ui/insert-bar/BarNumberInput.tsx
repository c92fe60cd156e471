// The typed part of the bar's number fields (icon size, stroke width), with Figma's field keys:
// Enter commits, Escape drops the typing and lets go of the field, a blur commits, the arrow keys
// step from what is typed. Each field keeps its own reading of the text and its own step.
import { useRef, useState } from "preact/hooks";

/** What tells one field from the other: its name, how it reads aloud, its keyboard and placeholder. */
interface InputAttributes {
  name: string;
  "aria-label": string;
  role?: "spinbutton";
  "aria-valuemin"?: number;
  "aria-valuemax"?: number;
  "aria-valuenow"?: number;
  "aria-valuetext"?: string;
  inputMode: "numeric" | "decimal";
  placeholder?: string;
}

export function BarNumberInput({
  shown,
  unit,
  onCommit,
  onStep,
  onDraft,
  onDrop,
  ...attributes
}: InputAttributes & {
  /** What the field shows when nothing is being typed. */
  shown: string;
  /**
   * Shown after a number inside the field ("px"), as Figma's fields show a unit: drawn over the input
   * after an invisible copy of its text, so it follows the typing and is never part of the value.
   */
  unit?: string;
  /** The typed text, on Enter or blur: the field reads it and changes what it stands for, or not. */
  onCommit(text: string): void;
  /** An arrow key: +1 up, -1 down; `big` with Shift; `text`: what the field shows (typed or not). */
  onStep(direction: 1 | -1, big: boolean, text: string): void;
  /** Each change of the typed text, before any commit (the stroke previews follow it). */
  onDraft?(text: string): void;
  /** Escape dropped the typing. */
  onDrop?(): void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  /** Escape dropped the typing: the blur that follows must not commit it. */
  const dropped = useRef(false);
  // Reads the field itself: Enter may come before the draft's state has been rendered.
  const commit = (text: string) => {
    setDraft(null);
    onCommit(text);
  };
  const text = draft ?? shown;
  const input = (
    <input
      {...attributes}
      class="bar-field__input"
      autoComplete="off"
      value={text}
      onInput={(e) => {
        setDraft(e.currentTarget.value);
        onDraft?.(e.currentTarget.value);
      }}
      onBlur={(e) => {
        if (dropped.current) dropped.current = false;
        else commit(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit(e.currentTarget.value);
        } else if (e.key === "Escape") {
          // As in Figma's fields: the typing is dropped and the field let go; the search stays.
          e.preventDefault();
          dropped.current = true;
          setDraft(null);
          onDrop?.();
          // Put back at once: with no change of state in between there may be no render to do it.
          e.currentTarget.value = shown;
          e.currentTarget.blur();
        } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
          e.preventDefault();
          // From the typed text, which then gives way to the stepped value: the field never shows
          // one number while the icons take another.
          const from = e.currentTarget.value;
          setDraft(null);
          onStep(e.key === "ArrowUp" ? 1 : -1, e.shiftKey, from);
        }
      }}
    />
  );
  if (!unit) return input;
  // A number alone: a typed "2px" already says it, and "Auto" or "Mixed" are words, not numbers.
  const numeric = /^\s*\d+(?:[.,]\d*)?\s*$/.test(text);
  return (
    <span class="bar-number">
      {input}
      {numeric ? (
        <span class="bar-number__unit" aria-hidden="true" data-testid="unit">
          <span class="bar-number__copy">{text}</span>
          {unit}
        </span>
      ) : null}
    </span>
  );
}
