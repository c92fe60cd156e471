// The file's own colours for the ui's picker: its local colour variables (with their collection and
// the colour they show) and its local paint styles. Library variables would need the teamlibrary
// permission in the manifest; a library colour the designer already uses is in the file's variables
// once imported, so the local ones are what the picker offers.
import type { DocumentColours, DocumentColourVariable, DocumentPaintStyle } from "../messages/types";
import { isPaintable, rgbToHex } from "./colour";

/** Scopes that let a variable colour a vector's fill or stroke (a text-only colour does not). */
const ICON_SCOPES: readonly VariableScope[] = ["ALL_SCOPES", "ALL_FILLS", "SHAPE_FILL", "STROKE_COLOR"];

/** Aliases may chain (brand/primary -> blue/600); a loop in a broken file must not hang the plugin. */
const MAX_ALIAS_DEPTH = 10;

export async function documentColours(): Promise<DocumentColours> {
  const collections = new Map<string, VariableCollection | null>();
  const collectionOf = async (id: string) => {
    if (!collections.has(id)) collections.set(id, await figma.variables.getVariableCollectionByIdAsync(id));
    return collections.get(id) ?? null;
  };

  // The modes the current page shows (a collection with none set shows its default mode). Frames may
  // set their own modes; the page's are what a new icon at the top level shows.
  const pageModes = figma.currentPage.explicitVariableModes;

  /** The colour a variable shows in the current page's mode of its collection, aliases followed. */
  const resolve = async (variable: Variable | null, depth = 0): Promise<string | null> => {
    if (!variable || depth > MAX_ALIAS_DEPTH) return null;
    const collection = await collectionOf(variable.variableCollectionId);
    const mode = collection ? (pageModes[collection.id] ?? collection.defaultModeId) : undefined;
    const value = mode ? variable.valuesByMode[mode] : undefined;
    if (!value || typeof value !== "object") return null;
    if ("type" in value && value.type === "VARIABLE_ALIAS") {
      return resolve(await figma.variables.getVariableByIdAsync(value.id), depth + 1);
    }
    return "r" in value && "g" in value && "b" in value ? rgbToHex(value) : null;
  };

  const variables: DocumentColourVariable[] = [];
  for (const variable of await figma.variables.getLocalVariablesAsync("COLOR")) {
    // The file's author scoped it away from shapes and strokes (say, a text colour): Figma's own
    // picker does not offer it for an icon, so neither does ours.
    if (!variable.scopes.some((scope) => ICON_SCOPES.includes(scope))) continue;
    const collection = await collectionOf(variable.variableCollectionId);
    variables.push({
      id: variable.id,
      name: variable.name,
      collection: collection?.name ?? "",
      color: await resolve(variable),
    });
  }
  const styles: DocumentPaintStyle[] = (await figma.getLocalPaintStylesAsync()).map((style) => {
    const shown = style.paints.find((p) => p.visible !== false);
    return {
      id: style.id,
      name: style.name,
      color: shown && isPaintable(shown) ? rgbToHex(shown.color) : null,
    };
  });
  return { variables, styles };
}
