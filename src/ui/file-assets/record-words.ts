// A record's facts in a designer's words: what was done to a layer, and when it was placed.

import type { MadeRecord } from "../../messages/types";
import { AI_LABELS, isAiOperation } from "../ai/ai-operations";
import { conversionName } from "../convert/convert-names";

/** Work said as what happened to the layer; the rest by the AI tab's name or the conversion's. */
const DONE: Readonly<Record<string, string>> = {
  vectorize: "Vectorized",
  "remove-background": "Background removed",
};

/** "Vectorized from “Photo”", "SVG to PNG from “Logo”", "Background removed". */
export function madeWords(made: MadeRecord): string {
  const op = made.operation;
  const what = DONE[op] ?? (isAiOperation(op) ? AI_LABELS[op] : conversionName(op));
  return made.from ? `${what} from \u201c${made.from}\u201d` : what;
}

const DAY = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });

/** "25 Nov 2026" in the designer's own date order; "" for a record that kept no time. */
export function dayWords(at: number | undefined): string {
  return at === undefined || !Number.isFinite(at) ? "" : DAY.format(new Date(at));
}
