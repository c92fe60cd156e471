// How the bar names the icon colour in effect: the icon's own, a hex colour, or a variable or style
// of the file (by its last name segment, as Figma's own picker shows them), or one deleted since.
import type { DocumentColours, FileColourChoice, Settings } from "../../messages/types";

export interface ColourLabel {
  text: string;
  /** What the swatch shows: a CSS colour, or null for the icon's own colours (or unknown). */
  swatch: string | null;
  gone: boolean;
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
    if (gone) return { text: `${shortName(choice.name)} (deleted)`, swatch: null, gone: true };
    return { text: shortName(listed?.name ?? choice.name), swatch: listed?.color ?? null, gone: false };
  }
  if (settings.iconColor) {
    return { text: settings.iconColor.slice(1).toUpperCase(), swatch: settings.iconColor, gone: false };
  }
  return { text: "Original", swatch: null, gone: false };
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
