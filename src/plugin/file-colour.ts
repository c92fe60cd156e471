// The icon colour a designer picked among the file's variables and paint styles, kept in the file
// itself (plugin data on the document): ids are the file's own, so a choice made in one file means
// nothing in the next, and everyone working on the file sees the same choice. Whether it still exists
// is checked on each read: a deleted variable is reported as gone, and the ui stops sending it.
import type { FileColourChoice, FileColourSetRequest, FileColourState } from "../messages/types";

const KEY = "iconColour";

/** What the document holds, if it is a choice this version wrote (anything else reads as none). */
function stored(): FileColourChoice | null {
  const raw = figma.root.getPluginData(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<FileColourChoice>;
    const kindOk = value.kind === "variable" || value.kind === "style";
    if (!kindOk || typeof value.id !== "string" || value.id === "") return null;
    return { kind: value.kind!, id: value.id, name: typeof value.name === "string" ? value.name : "" };
  } catch {
    return null;
  }
}

/** The live variable's or style's name, or null when it is no longer in the file. */
async function currentName(choice: FileColourChoice): Promise<string | null> {
  if (choice.kind === "variable") {
    const variable = await figma.variables.getVariableByIdAsync(choice.id);
    return variable && variable.resolvedType === "COLOR" ? variable.name : null;
  }
  const style = await figma.getStyleByIdAsync(choice.id);
  return style && style.type === "PAINT" ? style.name : null;
}

export async function getFileColour(): Promise<FileColourState> {
  const choice = stored();
  if (!choice) return { choice: null, gone: false };
  const name = await currentName(choice);
  // Renamed since: the picker shows today's name. Deleted: the name it had, marked gone.
  return name === null ? { choice, gone: true } : { choice: { ...choice, name }, gone: false };
}

export function setFileColour({ choice }: FileColourSetRequest): Record<string, never> {
  figma.root.setPluginData(KEY, choice ? JSON.stringify(choice) : "");
  return {};
}
