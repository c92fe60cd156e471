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
async function search(query: string): Promise<{ status: number; body: Loose }> {
  const response = await local.get(`/v3/search?${query}`, READER);
  return { status: response.status, body: await json(response) };
}
async function items(query: string): Promise<Loose[]> {
  const { status, body } = await search(query);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.response.items.data;
}

describe("GET /v3/search", () => {
  it("answers total and one page of icons with uuid, name and urls that serve", async () => {
    const { body } = await search("query=heart&per_page=5");
    expect(body.response.items.total).toBeGreaterThan(5);
    const [first] = body.response.items.data;
    expect(first).toMatchObject({ name: "heart", type: "icon", price: "free", formats: ["svg", "png"] });
    expect(first.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const svg = await fetch(first.urls.svg);
    expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toMatch(/<svg[\s>]/);
    const png = new Uint8Array(await (await fetch(first.urls.png_128)).arrayBuffer());
    expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    // PNG IHDR width and height.
    expect(new DataView(png.buffer).getUint32(16)).toBe(128);
  });

  it("ranks exact names, then name prefixes and name words, before tag matches", async () => {
    const arrows = await items("query=arrow&per_page=40");
    for (const item of arrows) expect(item.name).toMatch(/^arrow/);
    const up = await items("query=arrow%20up&per_page=3");
    expect(up.map((item: Loose) => item.name)).toEqual(["arrow-up", "arrow-up", "arrow-up"]);
    const exact = await items("query=user&per_page=1");
    expect(exact[0].name).toBe("user");
    // Something found only through its tags still comes back.
    const tagged = await items("query=savings&per_page=200");
    expect(
      tagged.some((item: Loose) => !item.name.includes("savings") && item.tags.includes("savings")),
    ).toBe(true);
  });

  it("names each result's set and variant, so the variants of one icon can share a cell", async () => {
    const rockets = await items("query=rocket&contributors[]=phosphor&per_page=50");
    const weights = rockets
      .filter((item: Loose) => item.name === "rocket")
      .map((item: Loose) => item.variant);
    expect(new Set(weights)).toEqual(new Set(["regular", "bold", "light", "thin", "fill", "duotone"]));
    const tabler = await items("query=rocket&contributors[]=tabler&per_page=50");
    expect(new Set(tabler.map((item: Loose) => item.variant))).toEqual(new Set(["outline", "filled"]));
  });

  it("requires every query word to match", async () => {
    const names = (await items("query=user%20plus&per_page=200")).map((item: Loose) => item.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toMatch(/user|plus|add/);
    expect((await search("query=zzzqqq")).body.response.items).toEqual({ total: 0, data: [] });
  });

  it("filters with any-of and all-of semantics", async () => {
    const glyphs = await items("query=heart&styles[]=glyph&per_page=200");
    expect(glyphs.every((item: Loose) => item.styles.includes("glyph"))).toBe(true);
    const either = await items("query=heart&styles[]=glyph&styles[]=dualtone&per_page=200");
    expect(new Set(either.flatMap((item: Loose) => item.styles))).toEqual(new Set(["glyph", "dualtone"]));
    const phosphor = await items("contributors[]=phosphor&per_page=50");
    expect(phosphor.every((item: Loose) => item.contributor === "phosphor")).toBe(true);
    const grid = await items("icon_grid=24&per_page=50");
    expect(grid.every((item: Loose) => item.contributor === "tabler" && item.icon_grid === 24)).toBe(true);
    const anyCategory = await items("categories[]=weather&categories[]=nature&per_page=200");
    expect(
      anyCategory.every((i: Loose) => i.categories.includes("weather") || i.categories.includes("nature")),
    ).toBe(true);
    const allCategories = await items(
      "include_categories[]=finances&include_categories[]=nature&per_page=200",
    );
    expect(allCategories.length).toBeGreaterThan(0);
    expect(
      allCategories.every((i: Loose) => i.categories.includes("finances") && i.categories.includes("nature")),
    ).toBe(true);
    const withoutArrows = await items("query=arrow&exclude_categories[]=arrows&per_page=200");
    expect(withoutArrows.every((i: Loose) => !i.categories.includes("arrows"))).toBe(true);
    const allTags = await items("include_tags[]=arrow&include_tags[]=left&per_page=200");
    expect(allTags.length).toBeGreaterThan(0);
    expect(allTags.every((i: Loose) => i.tags.includes("arrow") && i.tags.includes("left"))).toBe(true);
    const noTag = await items("query=arrow&exclude_tags[]=left&per_page=200");
    expect(noTag.every((i: Loose) => !i.tags.includes("left"))).toBe(true);
    expect((await search("formats[]=svg&per_page=1")).body.response.items.total).toBeGreaterThan(15_000);
  });

  it("answers total 0 for what the packages cannot supply", async () => {
    for (const query of ["asset=ai-image", "price=premium"]) {
      expect((await search(query)).body.response.items).toEqual({ total: 0, data: [] });
    }
    // No packaged icon states a publication date, so none can be shown to fall inside a range.
    expect((await search("start_date=2020-01-01")).body.response.items.total).toBe(0);
    // icon_grid is ignored for other types (spec), not refused.
    expect((await search("asset=lottie&icon_grid=24")).status).toBe(200);
  });

  it("pages inside the 1500-item window with a steady total", async () => {
    const one = (await search("per_page=30&page=1")).body.response.items;
    const two = (await search("per_page=30&page=2")).body.response.items;
    expect(two.total).toBe(one.total);
    expect(one.data).toHaveLength(30);
    const seen = new Set(one.data.map((item: Loose) => item.uuid));
    expect(two.data.some((item: Loose) => seen.has(item.uuid))).toBe(false);
    expect((await search("per_page=200&page=8")).body.response.items.data).toHaveLength(200);
    expect((await search("per_page=100&page=15")).status).toBe(200);
    expect((await search("per_page=100&page=16")).status).toBe(400);
    expect((await search("")).body.response.items.data).toHaveLength(60);
  });

  it("sorts deterministically", async () => {
    for (const sort of ["popular", "latest", "featured", "relevant"]) {
      const a = (await items(`sort=${sort}&per_page=50`)).map((item: Loose) => item.uuid);
      const b = (await items(`sort=${sort}&per_page=50`)).map((item: Loose) => item.uuid);
      expect(a).toEqual(b);
    }
    // featured interleaves the sets, so a browse shows both on its first page.
    const featured = await items("sort=featured&per_page=10");
    expect(new Set(featured.map((item: Loose) => item.contributor))).toEqual(new Set(["tabler", "phosphor"]));
    const latest = await items("query=arrow&sort=latest&per_page=20");
    const popular = await items("query=arrow&sort=popular&per_page=20");
    expect(latest.map((i: Loose) => i.uuid)).not.toEqual(popular.map((i: Loose) => i.uuid));
  });

  it("opens a browse on the icons designers reach for first, in each set, never A to Z", async () => {
    const featured = await items("sort=featured&per_page=24");
    const names = (set: string) =>
      featured.filter((item: Loose) => item.contributor === set).map((item: Loose) => item.name);
    // The editorial list's ideas, under each set's own names, lead both sets; each set starts at
    // its own place round the list (phosphor, first by name, at its top; tabler half way).
    expect(names("phosphor").slice(0, 3)).toEqual(["house", "magnifying-glass", "gear"]);
    expect(names("tabler").slice(0, 4)).toEqual(["upload", "share", "link", "copy"]);
    // Never one idea twice on a home's first page: no name twice, nor both of an idea's names.
    const page = (await items("sort=featured&per_page=36")).map((item: Loose) => item.name);
    expect(new Set(page).size).toBe(page.length);
    for (const idea of [
      ["home", "house"],
      ["search", "magnifying-glass"],
      ["settings", "gear"],
      ["upload", "upload-simple"],
    ])
      expect(idea.filter((name) => page.includes(name)).length).toBeLessThanOrEqual(1);
    // One pick per idea and set: tabler's triangle "caret-down" is not its chevron.
    const first = await items("sort=featured&per_page=120");
    const tabler = first
      .filter((item: Loose) => item.contributor === "tabler")
      .map((item: Loose) => item.name);
    expect(tabler).toContain("chevron-down");
    expect(tabler).not.toContain("caret-down");
    // Still interleaved: the two sets alternate from the first item.
    expect(new Set(featured.slice(0, 2).map((item: Loose) => item.contributor))).toEqual(
      new Set(["tabler", "phosphor"]),
    );
    // A browse without a sort follows the same order.
    expect((await items("per_page=24")).map((item: Loose) => item.uuid)).toEqual(
      featured.map((item: Loose) => item.uuid),
    );
  });

  it.each([
    ["per_page=0", "per_page"],
    ["per_page=201", "per_page"],
    ["per_page=abc", "per_page"],
    ["page=0", "page"],
    ["asset=vase", "asset"],
    ["price=cheap", "price"],
    ["sort=random", "sort"],
    ["styles[]=wobbly", "styles[]"],
    ["formats[]=gif", "formats[]"],
    ["orientation[]=square", "orientation[]"],
    ["icon_grid=-3", "icon_grid"],
    ["start_date=2026-02-30", "start_date"],
    ["start_date=2026-02-01&end_date=2026-01-01", "end_date"],
    ["colour=red", "colour"],
    ["styles=line", "styles"],
  ])("refuses %s with 400 invalid_request naming %s", async (query, name) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body.data.reason).toBe("invalid_request");
    expect(body.data.message).toContain(name);
  });
});
