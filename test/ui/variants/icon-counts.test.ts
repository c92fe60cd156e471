// The set chips, the home's cards and the results summary count icons, and agree: exact from the
// cells once every page is in, an "about" estimate from each set's learnt shape while pages remain.
import { signal } from "@preact/signals";
import { describe, expect, it } from "vitest";
import type { Asset, SearchParams } from "../../../src/api/types";
import type { SetEntry } from "../../../src/ui/sets/sets-store";
import {
  countLabel,
  createIconCounts,
  type IconCountsSources,
  resultSummary,
} from "../../../src/ui/variants/icon-counts";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const icon = (set: string, name: string, variant: string) =>
  ({ uuid: `${set}-${name}-${variant}`, name, type: "icon", contributor: set, variant }) as unknown as Asset;
const phosphor = (names: string[]) => names.flatMap((n) => WEIGHTS.map((w) => icon("phosphor", n, w)));

function world(options: {
  items: Asset[];
  total: number;
  hasMore: boolean;
  set?: string | null;
  query?: string;
  probe?: IconCountsSources["probe"];
  params?: SearchParams;
}) {
  const search = {
    items: signal(options.items),
    total: signal(options.total),
    hasMore: signal(options.hasMore),
    status: signal("done"),
    set: signal<string | null>(options.set ?? null),
    query: signal(options.query ?? "rocket"),
    asset: signal<"icon">("icon"),
    params: signal<SearchParams>(options.params ?? { asset: "icon" }),
  };
  const entry = (name: string, count: number): SetEntry => ({ name, label: name, count, samples: [] });
  const sets = { list: signal<SetEntry[]>([]), allCount: signal<number | null>(null) };
  const counts = createIconCounts({ search, sets, ...(options.probe ? { probe: options.probe } : {}) });
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
    // An earlier search, every page in, taught Phosphor's shape; now a long one is loading.
    const w = world({
      items: phosphor(["a", "b", "c", "d", "e"]),
      total: 30,
      hasMore: false,
      set: "phosphor",
    });
    w.search.hasMore.value = true;
    w.search.total.value = 9072;
    w.sets.list.value = [w.entry("phosphor", 9072)];
    w.sets.allCount.value = 9072;
    const chip = w.counts.ofSet(w.sets.list.value[0]!);
    expect(chip).toEqual({ count: 1512, about: true });
    expect(w.counts.results.value).toEqual(chip);
    expect(resultSummary(w.counts, "icons", "phosphor")).toBe("about 1,510 icons · 6 weights");
  });

  it("says a filter value's figure again as the chips' once it is chosen", () => {
    // Every page of an earlier search taught both sets' shapes: Phosphor six weights, Tabler one.
    const w = world({
      items: [...phosphor(["a", "b"]), icon("tabler", "c", ""), icon("tabler", "d", "")],
      total: 14,
      hasMore: false,
      params: { asset: "icon", query: "star" },
    });
    w.search.hasMore.value = true;
    w.search.total.value = 4000;
    // The panel counts a style: 1,200 drawings for the search with it.
    const withLine: SearchParams = { asset: "icon", query: "star", styles: ["line"] };
    const said = w.counts.ofDrawings(1200, withLine);
    expect(said?.about).toBe(true);
    // Chosen: the search is that one, its sets counted (they add up), and "All sets" reads the same.
    w.search.params.value = withLine;
    w.search.total.value = 1200;
    w.sets.list.value = [w.entry("phosphor", 1080), w.entry("tabler", 120)];
    w.sets.allCount.value = 1200;
    expect(w.counts.all.value).toEqual(said);
    expect(w.counts.results.value).toEqual(said);
  });

  it("does not keep a pooled guess for All sets while a set's shape is still unknown", () => {
    // Phosphor's shape is known; Tabler's is not yet.
    const w = world({ items: phosphor(["a", "b"]), total: 12, hasMore: false });
    w.search.hasMore.value = true;
    w.search.total.value = 14072;
    w.sets.list.value = [w.entry("phosphor", 9072), w.entry("tabler", 5000)];
    w.sets.allCount.value = 14072;
    const guess = w.counts.all.value;
    expect(guess?.count).toBe(Math.round(14072 / 6));
    // Tabler's samples (one drawing an icon) teach its shape: the sets now add up, and say so.
    w.sets.list.value = [
      w.entry("phosphor", 9072),
      { ...w.entry("tabler", 5000), samples: [icon("tabler", "c", ""), icon("tabler", "d", "")] },
    ];
    expect(w.counts.all.value).toEqual({ count: 1512 + 5000, about: true });
  });

  it("keeps the figure steady while more pages of the same search load", () => {
    const names = Array.from({ length: 20 }, (_, i) => `n${i}`);
    const all = phosphor(names);
    const w = world({ items: phosphor(["x"]), total: 6, hasMore: false, set: "phosphor" });
    w.sets.list.value = [w.entry("phosphor", 9072)];
    w.search.hasMore.value = true;
    w.search.total.value = 9072;
    // A page that splits icons' drawings (regular weights only) does not move it.
    w.search.items.value = names.map((n) => icon("phosphor", n, "regular"));
    const first = w.counts.results.value;
    expect(first).toEqual({ count: 1512, about: true });
    w.search.items.value = all.slice(0, 120);
    expect(w.counts.results.value).toEqual(first);
  });

  it("says a set's estimate again for the same count, though later searches teach its shape more", () => {
    const w = world({
      items: phosphor(["a", "b", "c", "d", "e"]),
      total: 30,
      hasMore: false,
      set: "phosphor",
    });
    w.search.hasMore.value = true;
    w.search.total.value = 9072;
    w.sets.list.value = [w.entry("phosphor", 9072)];
    const home = w.counts.ofSet(w.sets.list.value[0]!);
    expect(home).toEqual({ count: 1512, about: true });
    // Another search, every page in, shows icons of three weights only: the shape learnt moves.
    const three = ["f", "g", "h", "i"].flatMap((n) =>
      ["regular", "bold", "fill"].map((v) => icon("phosphor", n, v)),
    );
    w.search.query.value = "other";
    w.search.items.value = three;
    w.search.total.value = three.length;
    w.search.hasMore.value = false;
    // Back to the first browse: the same 9,072 drawings read as the same figure as before.
    w.search.query.value = "rocket";
    w.search.items.value = phosphor(["a"]);
    w.search.total.value = 9072;
    w.search.hasMore.value = true;
    w.sets.list.value = [w.entry("phosphor", 9072)];
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual(home);
  });

  it("says nothing for a set whose icons were never seen, rather than a count of drawings", () => {
    const w = world({ items: phosphor(["a"]), total: 6, hasMore: true });
    w.sets.list.value = [w.entry("phosphor", 9072), w.entry("tabler", 5000)];
    expect(w.counts.ofSet(w.sets.list.value[1]!)).toBeUndefined();
  });

  it("learns nothing from a cut list, whose pages split an icon's drawings", () => {
    // The popular regular drawings first: each icon seen once, which would read as 9,072 icons.
    const regulars = ["a", "b", "c"].map((n) => icon("phosphor", n, "regular"));
    for (const query of ["", "arrow"]) {
      const w = world({ items: regulars, total: 9072, hasMore: true, query });
      w.sets.list.value = [w.entry("phosphor", 9072)];
      expect(w.counts.ofSet(w.sets.list.value[0]!)).toBeUndefined();
    }
  });

  it("samples a set's shape by searching its samples' names within it, once", async () => {
    const asked: string[] = [];
    const probe: IconCountsSources["probe"] = async (params) => {
      asked.push(`${params.contributors?.join()}:${params.query}`);
      const items = phosphor([params.query ?? ""]);
      return { total: items.length, items };
    };
    const w = world({ items: [], total: 0, hasMore: true, query: "", probe });
    const sample = icon("phosphor", "airplane", "regular");
    w.sets.list.value = [{ ...w.entry("phosphor", 9072), samples: [sample] }];
    await Promise.resolve();
    await Promise.resolve();
    expect(asked).toEqual(["phosphor:airplane"]);
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual({ count: 1512, about: true });
    w.sets.list.value = [{ ...w.entry("phosphor", 9000), samples: [sample] }];
    expect(asked).toHaveLength(1);
  });

  it("learns a set's shape from a cut probe answer when the probed icon's drawings came whole", async () => {
    // "arrow-right" has namesakes (arrow-right-circle, ...): its answer is cut at the probe's page.
    const cut = async (params: SearchParams) => {
      const items = phosphor([params.query ?? "", `${params.query}-circle`, `${params.query}-square`]);
      return { total: 132, items: items.slice(0, 8) };
    };
    const w = world({ items: [], total: 0, hasMore: true, query: "arrow", probe: cut });
    const sample = icon("phosphor", "arrow-right", "regular");
    w.sets.list.value = [{ ...w.entry("phosphor", 222), samples: [sample] }];
    await Promise.resolve();
    await Promise.resolve();
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual({ count: 37, about: true });
  });

  it("learns nothing from a cut probe answer that may have cut the probed icon's drawings", async () => {
    const cut = async (params: SearchParams) => ({
      total: 132,
      items: phosphor([params.query ?? ""]).slice(0, 4),
    });
    const w = world({ items: [], total: 0, hasMore: true, query: "arrow", probe: cut });
    w.sets.list.value = [
      { ...w.entry("phosphor", 222), samples: [icon("phosphor", "arrow-right", "regular")] },
    ];
    await Promise.resolve();
    await Promise.resolve();
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toBeUndefined();
  });

  it("reads one icon in the singular", () => {
    expect(countLabel({ count: 1, about: false }, "icons")).toBe("1 icon");
    expect(countLabel({ count: 1, about: true }, "icons")).toBe("about 1 icon");
    expect(countLabel({ count: 2, about: false }, "icons")).toBe("2 icons");
  });
});

describe("the summary and the chips", () => {
  it("say the same estimate for all sets while pages remain", () => {
    const items = [...phosphor(["a", "b"]), icon("tabler", "a", "outline"), icon("tabler", "a", "filled")];
    const w = world({ items, total: 14, hasMore: false, query: "arrow" });
    w.search.hasMore.value = true;
    w.search.total.value = 1414;
    w.sets.list.value = [w.entry("phosphor", 888), w.entry("tabler", 526)];
    w.sets.allCount.value = 1414;
    const all = w.counts.all.value;
    // Phosphor 888 / 6 = 148, Tabler 526 / 2 = 263.
    expect(all).toEqual({ count: 411, about: true });
    expect(w.counts.results.value).toEqual(all);
  });

  it("say nothing for all sets while one set is still counted, then the sum", () => {
    const items = [...phosphor(["a", "b"]), icon("tabler", "a", "outline"), icon("tabler", "a", "filled")];
    const w = world({ items, total: 14, hasMore: false, query: "arrow" });
    w.search.hasMore.value = true;
    w.search.total.value = 1414;
    // Tabler's count has not come back: a guess from Phosphor's shape alone would be far off.
    w.sets.list.value = [w.entry("phosphor", 888), { ...w.entry("tabler", 0), count: null }];
    w.sets.allCount.value = 1414;
    expect(w.counts.all.value).toBeNull();
    w.sets.list.value = [w.entry("phosphor", 888), w.entry("tabler", 526)];
    expect(w.counts.all.value).toEqual({ count: 411, about: true });
  });
});

describe("a set's figure between opens", () => {
  it("says the last window's figure again for the same count of drawings", async () => {
    // This window's probe would learn another shape (two weights an icon, not six).
    const probe: IconCountsSources["probe"] = async (params) => {
      const items = ["regular", "bold"].map((v) => icon("phosphor", params.query ?? "", v));
      return { total: items.length, items };
    };
    const w = world({ items: [], total: 0, hasMore: true, query: "", probe });
    const sample = icon("phosphor", "airplane", "regular");
    const kept = { icons: { count: 1510, about: true }, variants: "6 weights", drawings: 9072 };
    w.sets.list.value = [{ ...w.entry("phosphor", 9072), samples: [sample], kept }];
    await Promise.resolve();
    await Promise.resolve();
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual({ count: 1510, about: true });
  });

  it("says a new figure once the set's count of drawings changed", async () => {
    const probe: IconCountsSources["probe"] = async (params) => {
      const items = phosphor([params.query ?? ""]);
      return { total: items.length, items };
    };
    const w = world({ items: [], total: 0, hasMore: true, query: "", probe });
    const sample = icon("phosphor", "airplane", "regular");
    const kept = { icons: { count: 1400, about: true }, variants: "6 weights", drawings: 8400 };
    w.sets.list.value = [{ ...w.entry("phosphor", 9072), samples: [sample], kept }];
    await Promise.resolve();
    await Promise.resolve();
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual({ count: 1512, about: true });
  });

  it("waits for every probe of the set, so the figure does not hang on which answered first", async () => {
    const answers: Array<() => void> = [];
    const probe: IconCountsSources["probe"] = (params) =>
      new Promise((resolve) => {
        // "airplane" has six drawings, "anchor" two: the first alone would read 9,072 / 6.
        const weights = params.query === "airplane" ? WEIGHTS : ["regular", "bold"];
        const items = weights.map((v) => icon("phosphor", params.query ?? "", v));
        answers.push(() => resolve({ total: items.length, items }));
      });
    const w = world({ items: [], total: 0, hasMore: true, query: "", probe });
    const samples = [icon("phosphor", "airplane", "regular"), icon("phosphor", "anchor", "regular")];
    w.sets.list.value = [{ ...w.entry("phosphor", 9072), samples }];
    answers[0]!();
    await Promise.resolve();
    await Promise.resolve();
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toBeNull();
    answers[1]!();
    await Promise.resolve();
    await Promise.resolve();
    expect(w.counts.ofSet(w.sets.list.value[0]!)).toEqual({ count: 2268, about: true });
  });
});
