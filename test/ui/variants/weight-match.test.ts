// @vitest-environment happy-dom
// The stand-ins' lines match the real drawings beside them: a Tabler outline drawn for Thin, Light
// or Bold has lines as wide, in a cell's 24 px box, as Phosphor's own drawing of that weight. Both
// measured from the packages the local service serves, not from numbers copied here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { packageDir } from "../../../src/local-api/catalog/package-dir";
import { prepareSvg } from "../../../src/ui/preview/stroke-rewrite";
import { WEIGHT_SCALE } from "../../../src/ui/variants/weight-stroke";

/** Every icon is drawn in a box this size in a cell (.cell .preview--icon). */
const CELL_PX = 24;

/**
 * Phosphor's line in a weight, in px at the cell's size. Its weights are outlined shapes: "minus"
 * is a bar with round ends, each end an arc whose radius is half the line.
 */
function phosphorLinePx(weight: string): number {
  const suffix = weight === "regular" ? "" : `-${weight}`;
  const svg = readFileSync(
    join(packageDir("@phosphor-icons/core"), "assets", weight, `minus${suffix}.svg`),
    "utf8",
  );
  const box = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const radius = Number(/a([\d.]+),\1,0,0,1/.exec(svg)?.[1]);
  return (2 * radius * CELL_PX) / box;
}

/** Tabler's own line, as the window reads it to redraw it, in px at the cell's size. */
function tablerLinePx(): number {
  const svg = readFileSync(join(packageDir("@tabler/icons"), "icons", "outline", "minus.svg"), "utf8");
  const prepared = prepareSvg(svg);
  if (prepared.kind !== "stroked") throw new Error("Tabler's minus has no line");
  return (prepared.own * CELL_PX) / prepared.box.width;
}

it.each(["thin", "light", "bold"])("draws Tabler's stand-in for %s as wide as Phosphor's own", (weight) => {
  const real = phosphorLinePx(weight);
  expect(real).toBeGreaterThan(0);
  expect(tablerLinePx() * WEIGHT_SCALE[weight]!).toBeCloseTo(real, 3);
});

it("measures Phosphor's weights as the comment on WEIGHT_SCALE says", () => {
  expect(["thin", "light", "regular", "bold"].map(phosphorLinePx)).toEqual([0.75, 1.125, 1.5, 2.25]);
  expect(tablerLinePx()).toBe(2);
});
