// Counting icons, not drawings: a set's shape learnt from the results seen, and the service's totals
// (every drawing) divided by it, said "about" unless every drawing was seen.
import { describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import {
  byRatio,
  countWords,
  drawingsPerIcon,
  ICONS_PER_SET,
  learnShapes,
  roundAbout,
  type ShapeBook,
  sumCounts,
  variantsWords,
} from "../../../src/ui/variants/icon-estimate";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const icon = (set: string, name: string, variant?: string) =>
  ({ uuid: `${set}-${name}-${variant}`, name, type: "icon", contributor: set, variant }) as unknown as Asset;
const phosphor = (names: string[]) => names.flatMap((n) => WEIGHTS.map((w) => icon("phosphor", n, w)));

describe("learning a set's shape", () => {
  it("learns drawings per icon and the variants per set", () => {
    const book = learnShapes(new Map(), [
      ...phosphor(["rocket", "star"]),
      icon("tabler", "rocket", "outline"),
      icon("tabler", "star", "outline"),
      icon("tabler", "star", "filled"),
    ]);
    expect(drawingsPerIcon(book.get("phosphor"))).toBe(6);
    expect(drawingsPerIcon(book.get("tabler"))).toBe(1.5);
    expect(variantsWords(book.get("phosphor"))).toBe("6 weights");
    expect(variantsWords(book.get("tabler"))).toBe("2 styles");
  });

  it("joins variants met on later pages to the icons already seen", () => {
    const first = learnShapes(new Map(), phosphor(["rocket"]).slice(0, 2));
    expect(drawingsPerIcon(first.get("phosphor"))).toBe(2);
    const later = learnShapes(first, phosphor(["rocket"]).slice(2));
    expect(drawingsPerIcon(later.get("phosphor"))).toBe(6);
    // The book read before is not changed under its reader.
    expect(drawingsPerIcon(first.get("phosphor"))).toBe(2);
  });

  it("returns the same book when nothing new is seen", () => {
    const book = learnShapes(new Map(), phosphor(["rocket"]));
    expect(learnShapes(book, phosphor(["rocket"]))).toBe(book);
  });

  it("counts an asset without a variant as an icon of one drawing", () => {
    const book = learnShapes(new Map(), [icon("artist", "hill"), icon("artist", "lake")]);
    expect(drawingsPerIcon(book.get("artist"))).toBe(1);
    expect(byRatio(40, 1, true)).toEqual({ count: 40, about: false });
    expect(variantsWords(book.get("artist"))).toBe("");
  });

  it("remembers a bounded number of icons per set", () => {
    let book: ShapeBook = new Map();
    const names = Array.from({ length: ICONS_PER_SET + 50 }, (_, i) => `i${i}`);
    book = learnShapes(book, phosphor(names));
    expect(book.get("phosphor")?.icons.size).toBe(ICONS_PER_SET);
    expect(drawingsPerIcon(book.get("phosphor"))).toBe(6);
  });
});

describe("estimating icons", () => {
  const book = learnShapes(new Map(), phosphor(["rocket", "star", "heart"]));

  const perIcon = drawingsPerIcon(book.get("phosphor")) ?? 0;

  it("divides drawings by the set's drawings per icon, as an estimate rounded once", () => {
    expect(byRatio(9072, perIcon, false)).toEqual({ count: 1510, about: true });
  });

  it("cannot say for a set never seen", () => {
    expect(drawingsPerIcon(undefined)).toBeUndefined();
  });

  it("never estimates a non-empty search down to nothing", () => {
    expect(byRatio(2, perIcon, false)).toEqual({ count: 1, about: true });
    expect(byRatio(0, perIcon, false)).toEqual({ count: 0, about: false });
  });

  it("rounds an estimate to three figures where it is made, and says the figure as made", () => {
    expect(roundAbout(1512)).toBe(1510);
    expect(roundAbout(87.6)).toBe(88);
    expect(roundAbout(23456)).toBe(23500);
    expect(countWords({ count: 1510, about: true })).toBe("about 1,510");
    expect(countWords({ count: 1512, about: false })).toBe("1,512");
    // A sum of rounded parts (All sets) is said as it is: the sum of the figures beside it.
    expect(countWords({ count: 1598, about: true })).toBe("about 1,598");
  });

  it("adds figures up: exact only if every part is, unknown if a part is", () => {
    const tabler = { count: 132, about: false };
    const phosphor = { count: 23, about: true };
    expect(sumCounts([tabler, tabler])).toEqual({ count: 264, about: false });
    expect(sumCounts([tabler, phosphor])).toEqual({ count: 155, about: true });
    expect(sumCounts([tabler, undefined])).toBeUndefined();
  });
});
