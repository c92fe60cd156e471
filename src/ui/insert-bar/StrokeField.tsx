// Stroke width for line icons: empty means the icon's own, shown as "Auto" (Figma's word for a value
// the content decides; "Original" is the colour field's, and two of them side by side read as one
// field repeated); a number is kept as that many pixels at any size. Arrow keys step by 0.25
// (Shift: 1), as Figma's own stroke field does by 1.
import { BarNumberInput } from "./BarNumberInput";
import { StrokeGlyph } from "./bar-icons";

/** The field's word for "the icon's own width". */
export const AUTO_STROKE = "Auto";

export const STROKE_MIN = 0.25;
export const STROKE_MAX = 100;

/** "1.5", "1,5", "2 px" -> a width from 0.25 to 100; "", "Auto" -> null (the icon's own); else undefined. */
export function readStroke(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || /^(auto|original)$/i.test(trimmed)) return null;
  const match = /^(\d+(?:[.,]\d+)?)\s*(px)?$/i.exec(trimmed);
  const n = match ? Number(match[1]!.replace(",", ".")) : Number.NaN;
  return n >= STROKE_MIN && n <= STROKE_MAX ? Math.round(n * 100) / 100 : undefined;
}

export function StrokeField(props: {
  width: number | null;
  /** With Assetport icons selected: their width (null: their own), or "mixed"; undefined: none. */
  selected?: number | null | "mixed";
  onChange: (width: number | null) => void;
}) {
  // The selected icons' width shows while they are selected; a width typed there goes to them even
  // when it equals the remembered one.
  const current = props.selected === undefined ? props.width : props.selected;
  const shown = typeof current === "number" ? String(current) : "";
  const commit = (text: string) => {
    const width = readStroke(text);
    if (width !== undefined && width !== current) props.onChange(width);
  };
  const step = (by: number) => {
    const from = typeof current === "number" ? current : (props.width ?? 2);
    const next = Math.round(Math.min(STROKE_MAX, Math.max(STROKE_MIN, from + by)) * 100) / 100;
    props.onChange(next);
  };
  return (
    <div
      class="bar-field bar-field--stroke"
      title={current === null ? "Stroke width: Auto, each icon's own" : "Stroke width, kept at any size"}
    >
      <span class="bar-field__glyph">
        <StrokeGlyph />
      </span>
      <BarNumberInput
        name="iconStrokeWidth"
        role="spinbutton"
        aria-label="Stroke width of line icons"
        aria-valuemin={STROKE_MIN}
        aria-valuemax={STROKE_MAX}
        aria-valuenow={typeof current === "number" ? current : undefined}
        aria-valuetext={
          current === null ? "Auto, each icon's own" : current === "mixed" ? "Mixed" : `${current} px`
        }
        placeholder={current === "mixed" ? "Mixed" : AUTO_STROKE}
        inputMode="decimal"
        shown={shown}
        unit="px"
        onCommit={commit}
        onStep={(direction, big) => step(direction * (big ? 1 : 0.25))}
      />
    </div>
  );
}
