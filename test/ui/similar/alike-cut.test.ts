// Where a list of look-alikes stops being alike, read from the service's per-item score (a guess:
// api/client/similarity.ts), by icon: an icon's less alike drawings stay with it.
import { describe, expect, it } from "vitest";
import { readSimilarity } from "../../../src/api/client/similarity";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { ALIKE_FLOOR, ALIKE_MOST, alikeCount } from "../../../src/ui/similar/alike-cut";
import { iconItem } from "../support/icon-items";
import { MEASURED_ICON_SCORES } from "./measured-scores";

const scored = (set: string, name: string, variant: string, similarity: unknown) =>
  ({ ...iconItem(set, name, variant), similarity }) as unknown as Asset;

describe("alikeCount", () => {
  it("ends at the first icon below the floor; an alike icon keeps its less alike drawings", () => {
    const items = [
      scored("phosphor", "star", "bold", 0.95),
      scored("phosphor", "star", "thin", ALIKE_FLOOR - 0.2),
      scored("tabler", "star-off", "outline", 0.7),
      scored("phosphor", "gear", "fill", ALIKE_FLOOR - 0.05),
      scored("phosphor", "star-half", "bold", 0.9),
    ];
    expect(alikeCount(items)).toBe(3);
  });

  it("does not end a list whose loaded items are all alike, or that carries no score", () => {
    expect(alikeCount([scored("tabler", "star", "outline", 0.9)])).toBeUndefined();
    expect(alikeCount([iconItem("tabler", "star", "outline") as unknown as Asset])).toBeUndefined();
    expect(alikeCount([])).toBeUndefined();
  });

  it("ends before the first item when nothing is alike", () => {
    expect(alikeCount([scored("tabler", "arrow", "outline", 0.3)])).toBe(0);
  });
});

describe("alikeCount on the local API's measured scores", () => {
  /** One source's answer: each icon as two drawings, the second a weight scoring lower. */
  const answer = (source: string) =>
    MEASURED_ICON_SCORES[source]!.flatMap((score, i) => [
      scored("set", `icon-${i}`, "regular", score),
      scored("set", `icon-${i}`, "thin", score - 0.3),
    ]);
  /** Where the list ends, in icons. */
  const iconsShown = (source: string) => {
    const end = alikeCount(answer(source));
    return end === undefined ? undefined : end / 2;
  };

  it("ends a plain shape's flat list, every icon above the floor, at the most alike icons", () => {
    expect(MEASURED_ICON_SCORES.dot!.every((score) => score >= ALIKE_FLOOR)).toBe(true);
    // Five dozen icons, ten rows at the narrowest window, is as far as a designer looks for a dot.
    expect(iconsShown("dot")).toBe(60);
    expect(ALIKE_MOST).toBe(60);
  });

  it("ends a drawn shape's list where it did: the first icon below the floor", () => {
    expect(iconsShown("star")).toBe(7);
    expect(iconsShown("arrow")).toBe(21);
    expect(iconsShown("heart")).toBe(42);
    expect(iconsShown("home")).toBe(53);
  });

  it("does not end a list of alike icons until one more than the most is met", () => {
    const most = 5;
    const alike = Array.from({ length: most }, (_, i) => scored("set", `icon-${i}`, "regular", 0.8));
    expect(alikeCount(alike, ALIKE_FLOOR, most)).toBeUndefined();
    expect(alikeCount([...alike, scored("set", "icon-0", "thin", 0.9)], ALIKE_FLOOR, most)).toBeUndefined();
    expect(alikeCount([...alike, scored("set", "another", "regular", 0.8)], ALIKE_FLOOR, most)).toBe(most);
  });
});

describe("readSimilarity", () => {
  it("reads 0 to 1, a percentage, or a number as text; anything else is no score", () => {
    const of = (similarity: unknown) => readSimilarity({ similarity } as unknown as Asset);
    expect(of(0.42)).toBe(0.42);
    expect(of(87)).toBeCloseTo(0.87);
    expect(of("0.5")).toBe(0.5);
    for (const bad of [-0.1, 101, Number.NaN, "", "high", null, {}, [0.5]]) expect(of(bad)).toBeUndefined();
    expect(readSimilarity({ score: 0.3 } as unknown as Asset)).toBe(0.3);
  });
});
