import { afterEach, describe, expect, it, vi } from "vitest";
import { createFiltersStore } from "../../src/ui/filters/filters-store";
import { createSearchStore, SEARCH_PAGE } from "../../src/ui/search/search-store";
import { createSetsStore, SETS_MAX } from "../../src/ui/sets/sets-store";
import { createTotals } from "../../src/ui/sets/totals";
import { fakeService, heldAnswer, type Route, searchRoute, storeApi } from "./support/fake-service";
import { catalogue, catalogueRoute } from "./support/sets-route";

/**
 * Pages of PAGE results: the catalogues below are larger than one, so sets are counted with searches
 * of their own, as a real catalogue's are (a search whose every result is in counts them itself).
 */
const PAGE = 10;

function setup(routes: Route[], maxInFlight?: number, perPage = PAGE) {
  const service = fakeService(...routes);
  const api = storeApi(service.fetch);
  const filters = createFiltersStore();
  const search = createSearchStore({ api: () => api, filters, debounceMs: 0, perPage });
  const totals = createTotals({ api: () => api, ...(maxInFlight ? { maxInFlight } : {}) });
  const sets = createSetsStore({ search, totals });
  search.begin();
  sets.begin();
  return { service, search, sets, totals, filters };
}

const settle = async () => {
  for (let i = 0; i < 6; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};
const setCounts = (sets: ReturnType<typeof setup>["sets"]) =>
  sets.list.value.map((s) => [s.label, s.count] as const);
const probesOf = (urls: URL[], set: string) =>
  urls.filter((u) => u.searchParams.getAll("contributors[]").includes(set));

describe("sets", () => {
  let dispose = () => {};
  afterEach(() => dispose());

  it("learns the sets from the results, counts each with a search in that set, names them for people", async () => {
    const { service, search, sets } = setup([
      catalogueRoute(catalogue({ phosphor: 12, "tabler-icons": 30 })),
    ]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    expect(setCounts(sets)).toEqual([
      ["Phosphor", 12],
      ["Tabler icons", 30],
    ]);
    expect(sets.allCount.value).toBe(42);
    const probe = probesOf(service.searches(), "phosphor")[0];
    expect(probe?.searchParams.getAll("contributors[]")).toEqual(["phosphor"]);
    // Without a query the count brings a few samples for the home's card.
    expect(sets.list.value[0]?.samples.length).toBeGreaterThan(0);

    search.query.value = "1";
    search.submitNow();
    await settle();
    // "1" is in phosphor 1, 10, 11 and tabler 1, 10..19: the counts follow the query, one item each.
    expect(setCounts(sets)).toEqual([
      ["Phosphor", 3],
      ["Tabler icons", 12],
    ]);
    expect(probesOf(service.searches(), "phosphor").at(-1)?.searchParams.get("per_page")).toBe("1");
  });

  it("keeps the chosen set while the query changes; another type starts from all sets", async () => {
    const { service, search, sets } = setup([catalogueRoute(catalogue({ phosphor: 12, tabler: 30 }))]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    search.chooseSet("tabler");
    await settle();
    search.query.value = "2";
    search.submitNow();
    await settle();
    const main = service
      .searches()
      .filter((u) => u.searchParams.get("per_page") === String(PAGE) && !u.searchParams.has("sort"));
    expect(main.at(-1)?.searchParams.get("query")).toBe("2");
    expect(main.at(-1)?.searchParams.getAll("contributors[]")).toEqual(["tabler"]);
    expect(search.items.value.every((a) => (a as { contributor?: string }).contributor === "tabler")).toBe(
      true,
    );
    expect(search.set.value).toBe("tabler");

    search.asset.value = "illustration";
    expect(search.set.value).toBeNull();
    expect(search.params.value.contributors).toBeUndefined();
  });

  it("counts a search once: going back to it asks nothing more", async () => {
    const { service, search, sets } = setup([catalogueRoute(catalogue({ phosphor: 12, tabler: 30 }))]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    for (const q of ["1", "2", "1"]) {
      search.query.value = q;
      search.submitNow();
      await settle();
    }
    const countsOf = (q: string) =>
      service
        .searches()
        .filter((u) => u.searchParams.get("query") === q && u.searchParams.has("contributors[]"));
    expect(countsOf("1")).toHaveLength(2);
    expect(setCounts(sets)).toEqual([
      ["Phosphor", 3],
      ["Tabler", 12],
    ]);
  });

  it("offers and counts a bounded number of sets, however many authors the service names", async () => {
    const sizes = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`author${i}`, 1]));
    const { service, search, sets } = setup([catalogueRoute(catalogue(sizes))]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    search.query.value = "author";
    search.submitNow();
    await settle();
    expect(sets.list.value).toHaveLength(SETS_MAX);
    const counts = service
      .searches()
      .filter((u) => u.searchParams.get("query") === "author" && u.searchParams.has("contributors[]"));
    expect(counts).toHaveLength(SETS_MAX);
  });

  it("asks nothing more of a service whose assets name no set, and offers none", async () => {
    const { service, search, sets } = setup([searchRoute(100)]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    search.query.value = "cat";
    search.submitNow();
    await settle();
    expect(sets.list.value).toEqual([]);
    expect(service.searches().map((u) => u.searchParams.get("query"))).toEqual([null, "cat"]);
  });

  it("aborts the counting of a search made stale, with never more than three counts in flight", async () => {
    const held = heldAnswer();
    const signals: AbortSignal[] = [];
    let most = 0;
    let inFlight = 0;
    // Counts of the query "slow" never answer; every set of the catalogue is counted.
    const slowCounts: Route = (url, request) => {
      if (url.searchParams.get("query") !== "slow" || !url.searchParams.has("contributors[]"))
        return undefined;
      signals.push(request.signal);
      inFlight++;
      most = Math.max(most, inFlight);
      request.signal.addEventListener("abort", () => inFlight--);
      return held.promise;
    };
    const sizes = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`set${i}`, 2]));
    const all = catalogue(sizes).map((a) => ({ ...a, name: `${a.name} slow` }));
    const { search, sets, totals } = setup([slowCounts, catalogueRoute(all)]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    expect(sets.list.value).toHaveLength(8);
    search.query.value = "slow";
    search.submitNow();
    await settle();
    expect(signals).toHaveLength(3);
    expect(most).toBe(3);
    search.query.value = "set1";
    search.submitNow();
    await settle();
    expect(signals.every((s) => s.aborted)).toBe(true);
    // The queued counts of the stale search never left; the new search's are answered.
    expect(signals).toHaveLength(3);
    expect(totals.inFlight).toBe(0);
    expect(sets.list.value.find((s) => s.name === "set1")?.count).toBe(2);
    expect(sets.list.value.find((s) => s.name === "set2")?.count).toBe(0);
  });

  it("counts the sets of a search whose every result is in from the results, asking nothing more", async () => {
    const { service, search, sets } = setup(
      [catalogueRoute(catalogue({ phosphor: 12, tabler: 30 }))],
      undefined,
      SEARCH_PAGE,
    );
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    const before = service.searches().length;
    search.query.value = "1";
    search.submitNow();
    await settle();
    expect(setCounts(sets)).toEqual([
      ["Phosphor", 3],
      ["Tabler", 12],
    ]);
    expect(sets.allCount.value).toBe(15);
    // The results' page alone: no count in a set, no second search for "all sets".
    expect(
      service
        .searches()
        .slice(before)
        .map((u) => u.searchParams.get("query")),
    ).toEqual(["1"]);
  });

  it("takes all sets' figure from the search itself, and looks for sets in the featured order once", async () => {
    const { service, search, sets } = setup([catalogueRoute(catalogue({ phosphor: 12, tabler: 30 }))]);
    dispose = () => {
      search.dispose();
      sets.dispose();
    };
    await settle();
    for (const q of ["1", "2"]) {
      search.query.value = q;
      search.submitNow();
      await settle();
    }
    const featured = service.searches().filter((u) => u.searchParams.get("sort") === "featured");
    expect(featured).toHaveLength(1);
    // Every other search is a page of the results or a count in one set.
    const allSets = service
      .searches()
      .filter((u) => u.searchParams.get("per_page") === "1" && !u.searchParams.has("contributors[]"));
    expect(allSets).toEqual([]);
    expect(sets.allCount.value).toBe(search.total.value);
    // With a set chosen, all sets' figure is a search of its own (one item).
    search.chooseSet("tabler");
    await settle();
    // "2" is in phosphor 2 and tabler 2, 12, 20..29.
    expect(sets.allCount.value).toBe(13);
    expect(setCounts(sets)).toEqual([
      ["Phosphor", 1],
      ["Tabler", 12],
    ]);
  });
});

describe("a kept home seeded at open", () => {
  afterEach(() => vi.restoreAllMocks());

  // The first string compared through ICU sets up its collator: about 12 ms of a later open's first
  // render, where the kept home's sets are put in name order (set-names.ts compareNames).
  it("puts its sets in name order without the browser's collator", () => {
    const { search, sets } = setup([catalogueRoute(catalogue({}))]);
    const localeCompare = vi.spyOn(String.prototype, "localeCompare");
    const kept = (name: string) => ({ name, count: 3, variants: "", samples: [] });
    sets.seed({
      type: search.asset.peek(),
      key: sets.baseKey.peek(),
      sets: [kept("tabler-icons"), kept("phosphor"), kept("Lucide"), kept("iconoir")],
    });
    expect(sets.list.value.map((s) => s.label)).toEqual(["Iconoir", "Lucide", "Phosphor", "Tabler icons"]);
    expect(localeCompare).not.toHaveBeenCalled();
    search.dispose();
    sets.dispose();
  });
});
