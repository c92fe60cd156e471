// What each conversion uploads: the selection exported as the operation's input format, or a file the
// designer picks (Lottie JSON, which no layer exports).

import type { ExportFormat, SelectedNode } from "../../messages/types";

const EXPORTS: Readonly<Record<string, ExportFormat>> = { svg: "SVG", png: "PNG", jpg: "JPG" };

/** The export format of the selection for this input, or undefined when only a file will do. */
export function selectionFormat(input: string): ExportFormat | undefined {
  return EXPORTS[input];
}

/** The file picker's accept list for an input format. */
export function acceptFor(input: string): string {
  if (input === "json") return ".json,application/json";
  if (input === "jpg") return ".jpg,.jpeg,image/jpeg";
  return `.${input},image/${input === "svg" ? "svg+xml" : input}`;
}

/** Figma's shapes that draw nothing but their fill: filled with an image, a placed GIF, PNG or JPG. */
const FILL_ONLY_SHAPES = new Set(["RECTANGLE", "ELLIPSE", "POLYGON", "STAR"]);

/**
 * The layer is only a picture (an image fill in a plain shape): exported as SVG it is the same pixels
 * in a wrapper, no vector to convert. A frame with an image fill may hold vectors, so it is not one.
 */
export function onlyAnImage(node: Pick<SelectedNode, "nodeType" | "hasImageFill">): boolean {
  return node.hasImageFill && FILL_ONLY_SHAPES.has(node.nodeType);
}
