// Stroke width for line icons: empty means the icon's own, shown as "Auto" (Figma's word for a value
// the content decides; "Original" is the colour field's, and two of them side by side read as one
// field repeated); a number is kept as that many pixels at any size. Arrow keys step by 0.25
// (Shift: 1), as Figma's own stroke field does by 1. A width out of the range for the icons' size is
// brought into it, as Figma's fields clamp to their range (stroke-range.ts says why the range).
// The previews follow a width as it is typed (stroke-draft.ts); the icons take it on commit only.
import { useState } from "preact/hooks";
import { BarNumberInput } from "./BarNumberInput";
import { StrokeGlyph } from "./bar-icons";
import { clampStroke, STROKE_MIN, strokeMaxFor } from "./stroke-range";

/** The field's word for "the icon's own width". */
export const AUTO_STROKE = "Auto";

/**
 * "1.5", "1,5", "2 px" -> a width, brought into the range for icons `size` px big (0.25 px up to a
 * sixth of the size, 4 px at least); "", "Auto" -> null (the icon's own); not a number -> undefined.
 */
export function readStroke(text: string, size: number): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || /^(auto|original)$/i.test(trimmed)) return null;
  const n = typedWidth(trimmed);
  return Number.isFinite(n) ? clampStroke(n, size) : undefined;
}

/** "1.5", "1,5", "2 px" (trimmed) as a number; NaN for anything else. */
function typedWidth(trimmed: string): number {
  const match = /^(\d+(?:[.,]\d+)?)\s*(px)?$/i.exec(trimmed);
  return match ? Number(match[1]!.replace(",", ".")) : Number.NaN;
}

/**
 * A width as it is being typed, for the previews: a number within the range for `size` as it stands
 * ("3.75"), else undefined ("3.", "", "Auto", "9" at 24 px: the previews keep the last width shown).
 */
export function readTypedStroke(text: string, size: number): number | undefined {
  const n = typedWidth(text.trim());
  return n >= STROKE_MIN && n <= strokeMaxFor(size) ? Math.round(n * 100) / 100 : undefined;
}

export function StrokeField(props: {
  width: number | null;
  /** With Assetport icons selected: their width (null: their own), or "mixed"; undefined: none. */
  selected?: number | null | "mixed";
  /** The size the width is for: the selected icons' (the smallest), else the next insert's. */
  size: number;
  onChange: (width: number | null) => void;
  /** The typed text reads as a width in range (undefined: not yet); nothing is committed. */
  onTyping?: (width: number | undefined) => void;
  /** The typing ended without a change to commit (Escape, or the same width as before). */
  onTypingEnd?: () => void;
}) {
  const max = strokeMaxFor(props.size);
  /** What the last commit was brought to, said to screen readers and in the tooltip; null: as typed. */
  const [clamped, setClamped] = useState<string | null>(null);
  // The selected icons' width shows while they are selected; a width typed there goes to them even
  // when it equals the remembered one.
  const current = props.selected === undefined ? props.width : props.selected;
  const shown = typeof current === "number" ? String(current) : "";
  const commit = (text: string) => {
    const width = readStroke(text, props.size);
    const typed = Number(
      text
        .trim()
        .replace(/\s*px$/i, "")
        .replace(",", "."),
    );
    setClamped(
      typeof width === "number" && Math.abs(typed - width) >= 0.005
        ? `Stroke width kept to ${width} px, the range for ${props.size} px icons`
        : null,
    );
    if (width !== undefined && width !== current) props.onChange(width);
    else props.onTypingEnd?.();
  };
  const step = (by: number, text: string) => {
    const typed = readTypedStroke(text, props.size);
    const from = typed ?? (typeof current === "number" ? current : (props.width ?? 2));
    props.onChange(clampStroke(from + by, props.size));
  };
  return (
    <div
      class="bar-field bar-field--stroke"
      title={
        clamped ??
        (current === null
          ? `Stroke width: Auto, each icon's own (${STROKE_MIN} to ${max} px for ${props.size} px icons)`
          : `Stroke width, ${STROKE_MIN} to ${max} px for ${props.size} px icons, kept at any size`)
      }
    >
      <span class="bar-field__glyph">
        <StrokeGlyph />
      </span>
      <BarNumberInput
        name="iconStrokeWidth"
        role="spinbutton"
        aria-label="Stroke width of line icons"
        aria-valuemin={STROKE_MIN}
        aria-valuemax={max}
        aria-valuenow={typeof current === "number" ? current : undefined}
        aria-valuetext={
          current === null ? "Auto, each icon's own" : current === "mixed" ? "Mixed" : `${current} px`
        }
        placeholder={current === "mixed" ? "Mixed" : AUTO_STROKE}
        inputMode="decimal"
        shown={shown}
        unit="px"
        onCommit={commit}
        onStep={(direction, big, text) => step(direction * (big ? 1 : 0.25), text)}
        onDraft={(text) => props.onTyping?.(readTypedStroke(text, props.size))}
        onDrop={() => props.onTypingEnd?.()}
      />
      <span class="visually-hidden" aria-live="polite" data-testid="stroke-clamped">
        {clamped ?? ""}
      </span>
    </div>
  );
}
