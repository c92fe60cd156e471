// Icon size: a field to type any size in, and the common sizes one click away.
import { ICON_SIZES } from "../settings/settings-store";
import { BarNumberInput } from "./BarNumberInput";
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
  const commit = (text: string) => {
    const size = readSize(text);
    if (size !== undefined && size !== current) props.onChange(size);
  };
  return (
    <div class="bar-field bar-field--size">
      <span class="bar-field__glyph" title="Icon size">
        <SizeGlyph />
      </span>
      <BarNumberInput
        name="iconSize"
        aria-label="Icon size in pixels"
        inputMode="numeric"
        placeholder={selected === "mixed" ? "Mixed" : undefined}
        shown={shown}
        onCommit={commit}
        onStep={(direction, big, text) => {
          const next = (readSize(text) ?? current ?? props.size) + direction * (big ? 10 : 1);
          if (next >= 1 && next <= MAX_ICON_SIZE) props.onChange(next);
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
