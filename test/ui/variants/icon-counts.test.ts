// The set chips, the home's cards and the results summary count icons, and agree: exact from the
// cells once every page is in, an "about" estimate from each set's learnt shape while pages remain.
import { signal } from "@preact/signals";
import { describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/types";
import type { SetEntry } from "../../../src/ui/sets/sets-store";
import { countLabel, createIconCounts, resultSummary } from "../../../src/ui/variants/icon-counts";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const icon = (set: string, name: string, variant: string) =>
  ({ uuid: `${set}-${name}-${variant}`, name, type: "icon", contributor: set, variant }) as unknown as Asset;
const phosphor = (names: string[]) => names.flatMap((n) => WEIGHTS.map((w) => icon("phosphor", n, w)));

function world(options: { items: Asset[]; total: number; hasMore: boolean; set?: string | null }) {
  const search = {
    items: signal(options.items),
    total: signal(options.total),
    hasMore: signal(options.hasMore),
    status: signal("done"),
    set: signal<string | null>(options.set ?? null),
  };
  const entry = (name: string, count: number): SetEntry => ({ name, label: name, count, samples: [] });
  const sets = { list: signal<SetEntry[]>([]), allCount: signal<number | null>(null) };
  const counts = createIconCounts({ search, sets });
  return { search, sets, counts, entry };
}

describe("icon counts", () => {
  it("counts 'rocket' the same on the chips and above the grid: icons, not drawings", () => {
    // Phosphor's rocket and rocket-launch in six weights, Tabler's three rockets, one filled too.
    const items = [
      ...phosphor(["rocket", "rocket-launch"]),
      icon("tabler", "rocket", "outline"),
      icon("tabler", "rocket", "filled"),
      icon("tabler", "rocket-off", "outline"),
      icon("tabler", "space", "outline"),
    ];
    const w = world({ items, total: 16, hasMore: false });
    w.sets.list.value = [w.entry("phosphor", 12), w.entry("tabler", 4)];
    w.sets.allCount.value = 16;
    expect(w.counts.all.value).toEqual({ count: 5, about: false });
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual({ count: 2, about: false });
    expect(w.counts.ofSet(w.sets.list.value[1]!)).toEqual({ count: 3, about: false });
    expect(resultSummary(w.counts, "icons", null)).toBe("5 icons");
  });

  it("estimates with 'about' while pages remain, and the chip agrees with the summary", () => {
    const w = world({
      items: phosphor(["a", "b", "c", "d", "e"]),
      total: 9072,
      hasMore: true,
      set: "phosphor",
    });
    w.sets.list.value = [w.entry("phosphor", 9072)];
    w.sets.allCount.value = 9072;
    const chip = w.counts.ofSet(w.sets.list.value[0]!);
    expect(chip).toEqual({ count: 1512, about: true });
    expect(w.counts.results.value).toEqual(chip);
    expect(resultSummary(w.counts, "icons", "phosphor")).toBe("about 1,510 icons · 6 weights");
  });

  it("keeps the figure steady while more pages of the same search load", () => {
    const names = Array.from({ length: 20 }, (_, i) => `n${i}`);
    const all = phosphor(names);
    const w = world({ items: all.slice(0, 60), total: 9072, hasMore: true, set: "phosphor" });
    const first = w.counts.results.value;
    w.search.items.value = all.slice(0, 120);
    expect(w.counts.results.value).toEqual(first);
  });

  it("says nothing for a set whose icons were never seen, rather than a count of drawings", () => {
    const w = world({ items: phosphor(["a"]), total: 6, hasMore: true });
    w.sets.list.value = [w.entry("phosphor", 9072), w.entry("tabler", 5000)];
    expect(w.counts.ofSet(w.sets.list.value[1]!)).toBeUndefined();
  });

  it("reads one icon in the singular", () => {
    expect(countLabel({ count: 1, about: false }, "icons")).toBe("1 icon");
    expect(countLabel({ count: 1, about: true }, "icons")).toBe("about 1 icon");
    expect(countLabel({ count: 2, about: false }, "icons")).toBe("2 icons");
  });
});
