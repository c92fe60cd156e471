// Icon size: a field to type any size in, and the common sizes one click away.
import { useRef, useState } from "preact/hooks";
import { ICON_SIZES } from "../settings/settings-store";
import { CheckGlyph, ChevronGlyph, SizeGlyph } from "./bar-icons";
import { Popover } from "./Popover";

export const MAX_ICON_SIZE = 4096;

/** A whole size from 1 to 4096 typed by hand ("32", "32px", " 40 "), else undefined. */
export function readSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(text);
  const n = match ? Math.round(Number(match[1])) : Number.NaN;
  return n >= 1 && n <= MAX_ICON_SIZE ? n : undefined;
}

export function SizeField(props: {
  size: number;
  /** With Assetport icons selected: their size, or "mixed" (shown as Figma shows it, "Mixed"). */
  selected?: number | "mixed" | null;
  onChange: (size: number) => void;
}) {
  // The field shows the selection's size when icons are selected, as Figma's own fields do; a size
  // typed there goes to them (and to the next insert) even when it equals the remembered one.
  const selected = props.selected ?? null;
  const shown = selected === null ? String(props.size) : selected === "mixed" ? "" : String(selected);
  const current = typeof selected === "number" ? selected : selected === "mixed" ? undefined : props.size;
  const [draft, setDraft] = useState<string | null>(null);
  /** Escape dropped the typing: the blur that follows must not commit it. */
  const dropped = useRef(false);
  // Reads the field itself: Enter may come before the draft's state has been rendered.
  const commit = (text: string) => {
    const size = readSize(text);
    setDraft(null);
    if (size !== undefined && size !== current) props.onChange(size);
  };
  return (
    <div class="bar-field bar-field--size">
      <span class="bar-field__glyph" title="Icon size">
        <SizeGlyph />
      </span>
      <input
        class="bar-field__input"
        name="iconSize"
        aria-label="Icon size in pixels"
        inputMode="numeric"
        autoComplete="off"
        placeholder={selected === "mixed" ? "Mixed" : undefined}
        value={draft ?? shown}
        onInput={(e) => setDraft(e.currentTarget.value)}
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
            // Put back at once: with no change of state in between there may be no render to do it.
            e.currentTarget.value = shown;
            e.currentTarget.blur();
          } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
            e.preventDefault();
            const next = (current ?? props.size) + (e.key === "ArrowUp" ? 1 : -1) * (e.shiftKey ? 10 : 1);
            if (next >= 1 && next <= MAX_ICON_SIZE) props.onChange(next);
          }
        }}
      />
      <Popover label="Common icon sizes" class="bar-field__menu" trigger={<ChevronGlyph />}>
        {(close) => (
          <ul class="menu" aria-label="Icon sizes">
            {ICON_SIZES.map((size) => (
              <li key={size}>
                <button
                  type="button"
                  class="menu__item"
                  aria-pressed={size === props.size}
                  onClick={() => {
                    props.onChange(size);
                    close();
                  }}
                >
                  <span class="menu__check">{size === props.size ? <CheckGlyph /> : null}</span>
                  {size} px
                </button>
              </li>
            ))}
          </ul>
        )}
      </Popover>
    </div>
  );
}
