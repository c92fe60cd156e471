// The set chips, the home's cards, the results line and the suggestions count icons, and agree: exact
// from the cells once every page is in; otherwise each set's drawings over its ONE held ratio (learnt
// once from a fixed sample), and All sets is the sum of the chips as they show.
import { signal } from "@preact/signals";
import { describe, expect, it } from "vitest";
import type { Asset, SearchParams } from "../../../src/api/contract/spec-objects";
import type { SetEntry } from "../../../src/ui/sets/sets-store";
import {
  countLabel,
  createIconCounts,
  type IconCountsSources,
  resultSummary,
} from "../../../src/ui/variants/icon-counts";
import { SAMPLE_PAGE } from "../../../src/ui/variants/set-ratios";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const icon = (set: string, name: string, variant: string) =>
  ({ uuid: `${set}-${name}-${variant}`, name, type: "icon", contributor: set, variant }) as unknown as Asset;
const phosphor = (names: string[]) => names.flatMap((n) => WEIGHTS.map((w) => icon("phosphor", n, w)));
const names = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

/**
 * A service with Phosphor (9,072 drawings, six weights an icon, listed together) and Tabler (6,287:
 * its browse lists each icon once, outline first; an icon named "f…" also comes filled).
 */
function service(asked: string[] = []): NonNullable<IconCountsSources["probe"]> {
  return async (params: SearchParams) => {
    const set = params.contributors?.[0] ?? "";
    asked.push(`${set}:${params.query ?? `sample ${params.per_page}`}`);
    if (!params.query) {
      const items =
        set === "phosphor"
          ? phosphor(names("p", 6))
          : names("t", SAMPLE_PAGE).map((n) => icon("tabler", n, "outline"));
      return { total: set === "phosphor" ? 9072 : 6287, items };
    }
    const name = params.query;
    const items = [icon(set, name, "outline"), ...(name.endsWith("1") ? [icon(set, name, "filled")] : [])];
    return { total: items.length, items };
  };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await Promise.resolve();
};

function world(options: {
  items?: Asset[];
  total?: number;
  hasMore?: boolean;
  set?: string | null;
  probe?: IconCountsSources["probe"];
  params?: SearchParams;
}) {
  const search = {
    items: signal(options.items ?? []),
    total: signal(options.total ?? 0),
    hasMore: signal(options.hasMore ?? true),
    status: signal("done"),
    set: signal<string | null>(options.set ?? null),
    asset: signal<"icon">("icon"),
    params: signal<SearchParams>(options.params ?? { asset: "icon" }),
  };
  const sets = { list: signal<SetEntry[]>([]), allCount: signal<number | null>(null) };
  const counts = createIconCounts({ search, sets, ...(options.probe ? { probe: options.probe } : {}) });
  const show = (bySet: Record<string, number>, kept?: SetEntry["kept"]) => {
    sets.list.value = Object.entries(bySet).map(([name, count]) => ({
      name,
      label: name,
      count,
      samples: [],
      ...(kept ? { kept } : {}),
    }));
    sets.allCount.value = Object.values(bySet).reduce((a, b) => a + b, 0);
  };
  const chip = (name: string) => counts.ofSet(sets.list.value.find((s) => s.name === name)!);
  return { search, sets, counts, show, chip };
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
    w.show({ phosphor: 12, tabler: 4 });
    expect(w.counts.all.value).toEqual({ count: 5, about: false });
    expect(w.chip("phosphor")).toEqual({ count: 2, about: false });
    expect(w.chip("tabler")).toEqual({ count: 3, about: false });
    expect(resultSummary(w.counts, "icons", null)).toBe("5 icons");
  });

  it("learns a set's ratio from its first browse page when that lists each icon's drawings together", async () => {
    const asked: string[] = [];
    const w = world({ probe: service(asked) });
    w.show({ phosphor: 9072 });
    expect(w.chip("phosphor")).toBeNull();
    await settle();
    // No name was searched: the page's whole icons (the last left out) told six drawings an icon.
    expect(asked).toEqual([`phosphor:sample ${SAMPLE_PAGE}`]);
    expect(w.chip("phosphor")).toEqual({ count: 1510, about: true });
  });

  it("searches a few names where the page lists each icon once, and says nothing until all answered", async () => {
    const answers: (() => void)[] = [];
    const real = service();
    const held: IconCountsSources["probe"] = (params, signal) =>
      params.query
        ? new Promise((resolve) => answers.push(() => resolve(real(params, signal))))
        : real(params, signal);
    const w = world({ probe: held });
    w.show({ tabler: 6287 });
    await settle();
    expect(answers).toHaveLength(3);
    answers[1]!();
    answers[0]!();
    await settle();
    // Two of three answered: a figure now would hang on which came first.
    expect(w.chip("tabler")).toBeNull();
    answers[2]!();
    await settle();
    // t0, t1 (outline and filled), t2: 4 drawings over 3 icons.
    expect(w.chip("tabler")).toEqual({ count: 4720, about: true });
  });

  it("says no ratio from a part of its sample: a failed search is asked again, never left out", async () => {
    const real = service();
    let fail = true;
    const flaky: IconCountsSources["probe"] = (params, signal) =>
      params.query === "t1" && fail ? Promise.reject(new Error("rate limited")) : real(params, signal);
    const w = world({ probe: flaky });
    w.show({ tabler: 6287 });
    await settle();
    // Two of three answered: t0 and t2 alone would say one drawing an icon, "about 6,287".
    expect(w.chip("tabler")).toBeUndefined();
    fail = false;
    w.show({ tabler: 6287 });
    await settle();
    expect(w.chip("tabler")).toEqual({ count: 4720, about: true });
  });

  it("says the same figure for the same search whatever was searched before (star: 134 or 139)", async () => {
    const star = { phosphor: 138, tabler: 132 };
    const fresh = world({ probe: service() });
    fresh.show(star);
    await settle();
    // Another window first searched something whose every page came in: three weights an icon.
    const before = world({
      items: ["a", "b"].flatMap((n) => ["regular", "bold", "fill"].map((v) => icon("phosphor", n, v))),
      total: 6,
      hasMore: false,
      probe: service(),
    });
    before.show({ phosphor: 6 });
    await settle();
    before.search.hasMore.value = true;
    before.search.total.value = 270;
    before.show(star);
    await settle();
    expect(before.chip("phosphor")).toEqual(fresh.chip("phosphor"));
    expect(before.counts.all.value).toEqual(fresh.counts.all.value);
    expect(fresh.counts.all.value).toEqual({ count: 23 + 99, about: true });
  });

  it("says star's figure the same at any window size: cells count only when its first page holds it", async () => {
    // 270 drawings, pages of 150: a narrow window has one page in, a wide one both.
    const star = phosphor(names("s", 45));
    const params: SearchParams = { asset: "icon", query: "star", per_page: 150 };
    const narrow = world({ items: star.slice(0, 150), total: 270, hasMore: true, probe: service(), params });
    const wide = world({ items: star, total: 270, hasMore: false, probe: service(), params });
    for (const w of [narrow, wide]) w.show({ phosphor: 270 });
    await settle();
    expect(wide.counts.all.value).toEqual({ count: 45, about: true });
    expect(wide.counts.results.value).toEqual(narrow.counts.results.value);
    // A search its first page holds whole: its cells, exact.
    const rocket = world({ items: star.slice(0, 12), total: 12, hasMore: false, probe: service(), params });
    rocket.show({ phosphor: 12 });
    expect(rocket.counts.all.value).toEqual({ count: 2, about: false });
  });

  it("adds All sets up from the chips as they show, with a tag chosen or not", async () => {
    for (const params of [
      { asset: "icon" },
      { asset: "icon", include_tags: ["pointer"] },
    ] as SearchParams[]) {
      const w = world({ probe: service(), params });
      w.show({ phosphor: 9072, tabler: 528 });
      await settle();
      const phosphorChip = w.chip("phosphor");
      const tablerChip = w.chip("tabler");
      // 1,510 + 396, each rounded once where made: "All sets 1,906", never a sum rounded again.
      expect([phosphorChip?.count, tablerChip?.count]).toEqual([1510, 396]);
      expect(w.counts.all.value).toEqual({ count: 1906, about: true });
      expect(w.counts.results.value).toEqual(w.counts.all.value);
      expect(w.counts.ofSets({ phosphor: 9072, tabler: 528 })).toEqual(w.counts.all.value);
    }
  });

  it("says nothing for All sets while a set is still counted, then the sum", async () => {
    const w = world({ probe: service() });
    w.show({ phosphor: 888, tabler: 0 });
    w.sets.list.value = [w.sets.list.value[0]!, { ...w.sets.list.value[1]!, count: null }];
    await settle();
    expect(w.counts.all.value).toBeNull();
    w.show({ phosphor: 888, tabler: 652 });
    await settle();
    expect(w.counts.all.value).toEqual({ count: 148 + 489, about: true });
  });

  it("says the chosen set's chip in the results line, with its variants", async () => {
    const w = world({ probe: service(), set: "phosphor" });
    w.show({ phosphor: 9072, tabler: 6287 });
    await settle();
    expect(resultSummary(w.counts, "icons", "phosphor")).toBe("about 1,510 icons · 6 weights");
  });

  it("says the same figure for the same count while more pages load and teach more", async () => {
    const w = world({ probe: service(), set: "phosphor" });
    w.show({ phosphor: 9072 });
    await settle();
    const first = w.counts.results.value;
    w.search.items.value = phosphor(["x"]).slice(0, 2);
    w.search.items.value = ["f", "g"].flatMap((n) => ["regular", "bold"].map((v) => icon("phosphor", n, v)));
    expect(w.counts.results.value).toEqual(first);
  });

  it("says nothing for a set whose ratio cannot be told, rather than a count of drawings", async () => {
    const w = world({ probe: async () => ({ total: 0, items: [] }) });
    w.show({ phosphor: 9072 });
    await settle();
    expect(w.chip("phosphor")).toBeUndefined();
  });

  it("says Find similar's figure by every set alike, whatever the search tab has found", async () => {
    const w = world({ probe: service() });
    w.show({ phosphor: 9072, tabler: 6287 });
    await settle();
    const before = w.counts.pooledIcons(1000);
    // The search tab's words change its sets' shares: Find similar's look-alikes are not theirs.
    w.show({ phosphor: 10, tabler: 600 });
    expect(w.counts.pooledIcons(1000)).toEqual(before);
    // 1,000 drawings over 6 and 4/3 drawings an icon, alike: 2 / (1/6 + 3/4) = 2.18 an icon.
    expect(before).toEqual({ count: 458, about: true });
  });

  it("reads one icon in the singular", () => {
    expect(countLabel({ count: 1, about: false }, "icons")).toBe("1 icon");
    expect(countLabel({ count: 1, about: true }, "icons")).toBe("about 1 icon");
    expect(countLabel({ count: 2, about: false }, "icons")).toBe("2 icons");
  });
});

describe("a set's ratio between opens", () => {
  it("is learnt afresh for another server, whose set of that name may be drawn otherwise", async () => {
    let other = false;
    const first = service();
    const second: IconCountsSources["probe"] = async (params) => {
      // The other server's Phosphor: two weights an icon.
      const items = names("q", 6).flatMap((n) => ["regular", "bold"].map((v) => icon("phosphor", n, v)));
      return params.query ? { total: 0, items: [] } : { total: 9072, items };
    };
    const w = world({ probe: (params, signal) => (other ? second : first)(params, signal) });
    w.show({ phosphor: 9072 });
    await settle();
    expect(w.chip("phosphor")).toEqual({ count: 1510, about: true });
    other = true;
    w.counts.refresh();
    w.show({ phosphor: 9072 });
    await settle();
    expect(w.chip("phosphor")).toEqual({ count: 4540, about: true });
  });

  it("holds the kept home's ratio: the same figures, no sample asked", async () => {
    const asked: string[] = [];
    const w = world({ probe: service(asked) });
    w.show({ tabler: 6287 }, { ratio: { perIcon: 1.2, exact: false }, variants: "" });
    await settle();
    expect(asked).toEqual([]);
    expect(w.chip("tabler")).toEqual({ count: 5240, about: true });
  });
});
