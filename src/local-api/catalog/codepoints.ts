// One key per emoji, whichever way a package spells its code points in a file name or its data.

/**
 * "1F44D-FE0F", "1f44d" and "u1f44d_fe0f"-style spellings name one emoji: case, "-" or "_" between
 * code points, leading zeros and the variation selector (which only chooses a presentation) aside.
 */
export function codepointKey(hexcodes: string): string {
  return hexcodes
    .toLowerCase()
    .split(/[-_]/)
    .filter((part) => part !== "fe0f")
    .map((part) => part.replace(/^0+(?=.)/, ""))
    .join("-");
}
