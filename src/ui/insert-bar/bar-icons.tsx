// The bar's own glyphs, drawn with ../icons.tsx's 16 px wrapper, in the text colour.
import { Icon as Glyph } from "../icons";

export const SizeGlyph = () => <Glyph d="M3 3h4M3 3v4M13 13H9M13 13V9M3 3l10 10" />;
/** Figma's stroke-weight glyph: three lines, thin to thick (three equal lines read as a menu). */
export const StrokeGlyph = () => (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
    <rect x="2.5" y="3" width="11" height="1" rx="0.5" />
    <rect x="2.5" y="6.5" width="11" height="2" rx="1" />
    <rect x="2.5" y="11" width="11" height="3" rx="1.5" />
  </svg>
);
export const ChevronGlyph = () => <Glyph d="M5 6.5l3 3 3-3" />;
export const CheckGlyph = () => <Glyph d="M3.5 8.5l3 3 6-7" />;
export const ComponentGlyph = () => (
  <Glyph d="M8 1.8l2.2 2.2L8 6.2 5.8 4 8 1.8ZM12 5.8l2.2 2.2L12 10.2 9.8 8 12 5.8ZM4 5.8L6.2 8 4 10.2 1.8 8 4 5.8ZM8 9.8l2.2 2.2L8 14.2 5.8 12 8 9.8Z" />
);
