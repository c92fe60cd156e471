// A packaged picture's orientation from its drawing's proportions.

import type { Orientation } from "../../api/contract/tables";

/**
 * Within 5 % counts as square: Fluent's 32-unit grid has a couple of 32 x 33 drawings (a swan, a
 * keycap) that no designer would call portrait.
 */
export function orientationOf(width: number, height: number): Orientation {
  const ratio = width / height;
  if (ratio > 1.05) return "horizontal";
  if (ratio < 1 / 1.05) return "vertical";
  return "square";
}
