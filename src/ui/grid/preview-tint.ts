// The colour previews are drawn in: the one chosen in the insert bar (a hex, or what the bound
// variable or paint style resolves to in the file), so the grid shows what Insert will place. Only
// one-colour icons are tinted (lines, glyphs, duotones: their alpha keeps duotone's lighter layer);
// a multi-colour asset, or "Icon's own colours", keeps its own picture.

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { DocumentColours, FileColourChoice } from "../../messages/types";

/** Styles drawn in one colour (the spec's values): every other style has colours of its own. */
const ONE_COLOUR = new Set(["line", "glyph", "dualtone", "rounded"]);

const HEX = /^#[0-9a-f]{6}$/i;

export interface TintState {
  hex: string | null | undefined;
  choice: FileColourChoice | null;
  gone: boolean;
  colours: DocumentColours | null;
}

/** "#rrggbb", or null for the icons' own colours (also while a file colour is not yet resolved). */
export function previewTint(state: TintState): string | null {
  if (state.choice && !state.gone) {
    const listed = state.choice.kind === "variable" ? state.colours?.variables : state.colours?.styles;
    const colour = listed?.find((c) => c.id === state.choice?.id)?.color;
    return colour && HEX.test(colour) ? colour : null;
  }
  return state.hex && HEX.test(state.hex) ? state.hex : null;
}

/** An icon whose styles are all one-colour ones; an asset with no style named is left as drawn. */
export function tintable(asset: Asset, type: AssetType): boolean {
  if (type !== "icon") return false;
  const styles = (asset as { styles?: unknown }).styles;
  return (
    Array.isArray(styles) &&
    styles.length > 0 &&
    styles.every((s) => typeof s === "string" && ONE_COLOUR.has(s))
  );
}

/** The picture's link as a CSS url(): quotes, backslashes and line breaks escaped, nothing else. */
export function cssUrl(url: string): string {
  return `url("${url.replace(/["\\\n\r]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, "0").toUpperCase()}`)}")`;
}
