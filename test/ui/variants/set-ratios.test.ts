// What a set's fixed sample (its first browse page, popular first) tells of its drawings per icon by
// itself, and when it has to search a few of its names instead.
import { describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { readSample, SHAPE_PROBES } from "../../../src/ui/variants/set-ratios";

const drawing = (name: string, variant?: string) =>
  ({ uuid: `${name}-${variant}`, name, type: "icon", contributor: "s", variant }) as unknown as Asset;
const weights = (name: string, n: number) =>
  ["regular", "bold", "light", "thin", "fill", "duotone"].slice(0, n).map((v) => drawing(name, v));

describe("a set's sample page", () => {
  it("says one drawing an icon, exactly, where no drawing names a variant", () => {
    const page = { total: 900, items: ["a", "b", "c"].map((n) => drawing(n)) };
    expect(readSample("s", page)).toEqual({ ratio: { perIcon: 1, exact: true } });
  });

  it("reads the icons listed together, leaving out the last, which the page's edge may cut", () => {
    // Two icons of six, then one whose drawings go on past the page: 6, not (6 + 6 + 2) / 3.
    const page = { total: 9072, items: [...weights("a", 6), ...weights("b", 6), ...weights("c", 2)] };
    expect(readSample("s", page)).toEqual({ ratio: { perIcon: 6, exact: false } });
  });

  it("reads every icon of a set its page holds whole", () => {
    const page = { total: 8, items: [...weights("a", 6), ...weights("b", 2)] };
    expect(readSample("s", page)).toEqual({ ratio: { perIcon: 4, exact: false } });
  });

  it("searches its first names where each icon is listed once though its drawings name variants", () => {
    // Regular drawings first (a later page holds the others): the page cannot tell.
    const page = { total: 6287, items: ["a", "b", "c", "d", "e"].map((n) => drawing(n, "outline")) };
    const told = readSample("s", page);
    expect(told && "probe" in told ? told.probe.map((a) => a.name) : told).toEqual(
      ["a", "b", "c"].slice(0, SHAPE_PROBES),
    );
  });

  it("searches too where an icon's drawings are scattered over the page", () => {
    const page = {
      total: 900,
      items: [drawing("a", "regular"), drawing("b", "regular"), drawing("a", "bold")],
    };
    expect(readSample("s", page)).toHaveProperty("probe");
  });
});
