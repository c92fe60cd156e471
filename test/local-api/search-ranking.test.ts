// Relevance across every asset type: a whole-word match (in the name, a tag or a category) ranks
// above a match where the query only starts a longer word ("cat" in "Catalonia flag"), and equal
// matches from two sets take turns instead of one set filling the page.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type Loose, type RunningLocalApi, startLocalApi } from "./support";

let local: RunningLocalApi;
beforeAll(async () => {
  local = await startLocalApi({
    accounts: {
      clients: [{ client_id: "reader", client_secret: "s", rate_limits: { reads_per_minute: 10_000 } }],
    },
  });
});
afterAll(() => local.close());

const READER = { "Client-ID": "reader", "Client-Secret": "s" };
/** Every match, page by page (up to the 1,500-item window). */
async function results(asset: string, query: string): Promise<Loose[]> {
  const found: Loose[] = [];
  for (let page = 1; page <= 8; page++) {
    const response = await local.get(
      `/v3/search?asset=${asset}&query=${encodeURIComponent(query)}&per_page=200&page=${page}`,
      READER,
    );
    const body = await json(response);
    expect(response.status, JSON.stringify(body)).toBe(200);
    found.push(...body.response.items.data);
    if (found.length >= body.response.items.total) break;
  }
  return found;
}

const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
/** Whether `query` is a whole word (or that word's plural) of the item's name, tags or categories. */
function wholeWordMatch(item: Loose, query: string): boolean {
  const all = [item.name, ...item.tags, ...item.categories].flatMap(words);
  return all.some((word) => word === query || word === `${query}s` || word === `${query}es`);
}

// Each query also starts longer words in that type: cat/Catalonia, car/card, star/start, in/info.
const CASES: [asset: string, queries: string[]][] = [
  ["icon", ["cat", "car", "star", "pen"]],
  ["illustration", ["cat", "car", "star", "ant"]],
  ["3d", ["cat", "car", "star", "ant"]],
  ["lottie", ["in", "to", "check"]],
];

describe("search relevance, every type", () => {
  for (const [asset, queries] of CASES) {
    for (const query of queries) {
      it(`${asset} "${query}": whole-word matches come before prefix-of-a-longer-word matches`, async () => {
        const found = await results(asset, query);
        const whole = found.map((item) => wholeWordMatch(item, query));
        // The query must really meet both kinds here, or the ordering below proves nothing.
        expect(whole).toContain(true);
        expect(whole).toContain(false);
        const firstPrefixOnly = whole.indexOf(false);
        const lastWhole = whole.lastIndexOf(true);
        expect(lastWhole, `${found[lastWhole]?.name} after ${found[firstPrefixOnly]?.name}`).toBeLessThan(
          firstPrefixOnly,
        );
      });
    }
  }

  it('illustrations: "cat" lists every cat before the Catalonia flag', async () => {
    const names = (await results("illustration", "cat")).map((item) => item.name.toLowerCase());
    const catalonia = names.findIndex((name) => name.includes("catalonia"));
    expect(catalonia).toBeGreaterThan(names.lastIndexOf("grinning cat"));
    expect(catalonia).toBeGreaterThan(names.lastIndexOf("black cat"));
  });
});

describe("plural queries", () => {
  const PLURALS: [asset: string, plural: string, singular: string][] = [
    ["icon", "cats", "cat"],
    ["illustration", "cats", "cat"],
    ["3d", "stars", "star"],
    ["lottie", "hearts", "heart"],
  ];
  for (const [asset, plural, singular] of PLURALS) {
    it(`${asset} "${plural}" finds "${singular}" among the first results`, async () => {
      const names = (await results(asset, plural)).map((item) => item.name.toLowerCase());
      const at = names.indexOf(singular);
      expect(at, names.slice(0, 10).join(", ")).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(10);
    });
  }
});

describe("the same drawing in two sets", () => {
  it("keeps both, names each set, and alternates the sets among equal matches", async () => {
    const hearts = (await results("illustration", "heart")).slice(0, 40);
    const sets = hearts.map((item) => item.contributor);
    expect(new Set(sets).size).toBe(2);
    // Neither set runs three in a row where both draw the same ideas.
    for (let i = 2; i < sets.length; i++) {
      expect(sets[i] === sets[i - 1] && sets[i] === sets[i - 2], `${hearts[i].name} at ${i}`).toBe(false);
    }
    // The same emoji from the two sets sits side by side: a designer compares the drawings.
    const byName = new Map<string, number[]>();
    hearts.forEach((item, place) => {
      const key = words(item.name).join(" ");
      byName.set(key, [...(byName.get(key) ?? []), place]);
    });
    const pairs = [...byName.values()].filter((places) => places.length === 2);
    expect(pairs.length).toBeGreaterThan(5);
    for (const [a, b] of pairs) expect(b! - a!).toBe(1);
  });
});
