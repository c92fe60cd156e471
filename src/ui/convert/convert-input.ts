// What each conversion uploads: the selection exported as the operation's input format, or a file the
// designer picks (Lottie JSON, which no layer exports).

import type { ExportFormat } from "../../messages/types";

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
