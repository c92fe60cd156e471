// Find similar's "about N": the service's total in icons by the rule the search's counts use, so a
// category that narrows the look-alikes never makes the figure grow.
import { signal } from "@preact/signals";
import { expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { similarIcons } from "../../../src/ui/similar/SimilarView";
import { byRatio } from "../../../src/ui/variants/icon-estimate";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const drawing = (set: string, name: string, variant: string) =>
  ({ uuid: `${set}-${name}-${variant}`, name, type: "icon", contributor: set, variant }) as unknown as Asset;
const page = (items: Asset[], total: number) => ({
  items: signal(items),
  total: signal(total),
  hasMore: signal(items.length < total),
});

it("says fewer, never more, look-alikes when a category narrows them", () => {
  // Every set's ratio pooled: two Phosphor icons in six weights and four Tabler ones of one drawing.
  const pooled = (drawings: number) => byRatio(drawings, 16 / 6, false);
  // The most alike come as every weight of ten icons; a category then leaves Tabler's, one each.
  const wide = page(
    Array.from({ length: 10 }, (_, i) => WEIGHTS.map((w) => drawing("phosphor", `p${i}`, w))).flat(),
    1500,
  );
  const narrow = page(
    Array.from({ length: 60 }, (_, i) => drawing("tabler", `t${i}`, "")),
    1200,
  );
  const before = similarIcons(wide, pooled);
  const after = similarIcons(narrow, pooled);
  expect(before.about).toBe(true);
  expect(after.count).toBeLessThan(before.count);
  // Every look-alike in: the cells, exact.
  const all = page(narrow.items.value, 60);
  expect(similarIcons(all, pooled)).toEqual({ count: 60, about: false });
});
