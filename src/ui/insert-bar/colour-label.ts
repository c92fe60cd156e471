// How the bar names the icon colour in effect: the icon's own, a hex colour, or a variable or style
// of the file (by its last name segment, as Figma's own picker shows them), or one deleted since.
import type { DocumentColours, FileColourChoice, Settings } from "../../messages/types";

/** "No colour chosen" in one set of words: the bar's fields say the first, the colour panel the second. */
export const ORIGINAL = "Original";
export const ORIGINAL_COLOURS = "Original colours";

export interface ColourLabel {
  /** What the field shows: short enough for it (a grouped name's last segment). */
  text: string;
  /** The whole name and state, for the tooltip and screen readers. */
  full: string;
  /** What the swatch shows: a CSS colour, or null for the icon's own colours (or unknown). */
  swatch: string | null;
  gone: boolean;
  /** No colour in effect: the icon keeps its own (none chosen, or the chosen one deleted). */
  own: boolean;
  /** A variable or style of the file is chosen (deleted or not): the field shows it as bound. */
  bound: boolean;
}

/** "Brand/Primary/500" -> "500": the end of a grouped name is what tells siblings apart. */
export const shortName = (name: string) => name.split("/").pop()?.trim() || name;

export function colourLabel(
  settings: Pick<Settings, "iconColor">,
  file: { choice: FileColourChoice | null; gone: boolean },
  colours: DocumentColours | null,
): ColourLabel {
  const { choice, gone } = file;
  if (choice) {
    const listed =
      choice.kind === "variable"
        ? colours?.variables.find((v) => v.id === choice.id)
        : colours?.styles.find((s) => s.id === choice.id);
    // The field has room for the name only: "deleted" is said by the strike-through and the tooltip.
    if (gone)
      return {
        text: shortName(choice.name),
        full: `${choice.name}, deleted from this file`,
        swatch: null,
        gone: true,
        own: true,
        bound: true,
      };
    const name = listed?.name ?? choice.name;
    // The whole path, as Figma's variable tooltips give it: "Brand / icon/primary".
    const collection = listed && "collection" in listed ? listed.collection : "";
    return {
      text: shortName(name),
      full: collection ? `${collection} / ${name}` : name,
      swatch: listed?.color ?? null,
      gone: false,
      own: false,
      bound: true,
    };
  }
  if (settings.iconColor) {
    const hex = settings.iconColor.slice(1).toUpperCase();
    return { text: hex, full: hex, swatch: settings.iconColor, gone: false, own: false, bound: false };
  }
  return { text: ORIGINAL, full: ORIGINAL_COLOURS, swatch: null, gone: false, own: true, bound: false };
}

/** The file's variables by collection, then its styles, each kept when its name matches `filter`. */
export function groupColours(colours: DocumentColours, filter: string) {
  const words = filter.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (...texts: string[]) => {
    const hay = texts.join(" ").toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  const collections = new Map<string, DocumentColours["variables"]>();
  for (const variable of colours.variables) {
    if (!matches(variable.collection, variable.name)) continue;
    const group = collections.get(variable.collection) ?? [];
    group.push(variable);
    collections.set(variable.collection, group);
  }
  return {
    collections: [...collections.entries()].map(([name, variables]) => ({ name, variables })),
    styles: colours.styles.filter((s) => matches("styles", s.name)),
  };
}
