// Illustrations from the packaged sets (OpenMoji, Fluent Emoji flat) over real HTTP: search,
// filters, sorts, files and detail with the licence, as the window asks for them.

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
async function search(query: string): Promise<Loose> {
  const response = await local.get(`/v3/search?asset=illustration&${query}`, READER);
  const body = await json(response);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.response.items;
}
const names = (items: Loose[]) => items.map((item: Loose) => item.name as string);

describe("illustrations in the embedded service", () => {
  it("holds over a thousand, in two styles, each a free square drawing in svg and png", async () => {
    const all = await search("per_page=1");
    expect(all.total).toBeGreaterThan(1000);
    const flat = await search("styles[]=flat&per_page=100");
    const outlined = await search("styles[]=colored-outline&per_page=100");
    expect(flat.total).toBeGreaterThan(1000);
    expect(outlined.total).toBeGreaterThan(1000);
    expect(flat.total + outlined.total).toBe(all.total);
    for (const item of [...flat.data, ...outlined.data]) {
      expect(item).toMatchObject({ type: "illustration", price: "free", formats: ["svg", "png"] });
    }
    expect(new Set(flat.data.map((item: Loose) => item.contributor))).toEqual(new Set(["fluent-emoji"]));
    expect(new Set(outlined.data.map((item: Loose) => item.contributor))).toEqual(new Set(["openmoji"]));
  });

  it("finds a subject by name and by its keywords in both sets", async () => {
    const cats = await search("query=cat&per_page=50");
    expect(new Set(cats.data.map((item: Loose) => item.contributor))).toEqual(
      new Set(["openmoji", "fluent-emoji"]),
    );
    expect(names(cats.data).slice(0, 2)).toEqual(["cat", "cat"]);
    // Names are words, as Unicode names the emoji, not the package's file keys.
    const fluent = await search(
      "query=grinning%20face%20with%20big%20eyes&contributors[]=fluent-emoji&per_page=1",
    );
    expect(names(fluent.data)).toEqual(["grinning face with big eyes"]);
    // "lol" is only a Unicode keyword of the grinning face with smiling eyes, never in a name.
    const lol = await search("query=lol&per_page=50");
    expect(names(lol.data)).toContain("grinning face with smiling eyes");
    const byName = (item: Loose) => item.name.split(/[ -]/).some((word: string) => word.startsWith("lol"));
    expect(lol.data.every((item: Loose) => byName(item) || item.tags.includes("lol"))).toBe(true);
  });

  it("filters by orientation, category, contributor and style", async () => {
    const square = await search("orientation[]=square&per_page=1");
    expect(square.total).toBe((await search("per_page=1")).total);
    expect((await search("orientation[]=horizontal&per_page=1")).total).toBe(0);
    const animals = await search("categories[]=animals-and-nature&per_page=100");
    expect(animals.total).toBeGreaterThan(200);
    expect(animals.data.every((item: Loose) => item.categories.includes("animals-and-nature"))).toBe(true);
    const fluentAnimals = await search(
      "categories[]=animals-and-nature&contributors[]=fluent-emoji&per_page=1",
    );
    expect(fluentAnimals.total).toBeGreaterThan(50);
    expect(fluentAnimals.total).toBeLessThan(animals.total);
    // Icons stay icons: an illustration style finds no icon, and icon searches meet no illustration.
    const icons = await local.get("/v3/search?asset=icon&styles[]=flat&per_page=1", READER);
    expect((await json(icons)).response.items.total).toBe(0);
  });

  it("sorts latest by OpenMoji's dates and popular by Unicode's order, the same twice", async () => {
    const latest = await search("contributors[]=openmoji&sort=latest&per_page=100");
    const dates = latest.data.map((item: Loose) => item.published_at as string);
    expect(dates.every((date: string) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Dates narrow to OpenMoji's drawings of that span: Fluent's package states none.
    const recent = await search("start_date=2023-01-01&per_page=100");
    expect(recent.total).toBeGreaterThan(0);
    for (const item of recent.data) {
      expect(item.contributor).toBe("openmoji");
      expect(item.published_at >= "2023-01-01").toBe(true);
    }
    for (const set of ["openmoji", "fluent-emoji"]) {
      const popular = await search(`contributors[]=${set}&sort=popular&per_page=3`);
      expect(names(popular.data)[0]).toBe("grinning face");
    }
    // A browse opens on faces from both sets, not on the icon picks (house, gear) drawn as emoji.
    const featured = await search("sort=featured&per_page=12");
    expect(new Set(featured.data.map((item: Loose) => item.contributor)).size).toBe(2);
    expect(featured.data.every((item: Loose) => item.categories.includes("smileys-and-emotion"))).toBe(true);
    for (const sort of ["popular", "latest", "featured", "relevant"]) {
      const a = await search(`sort=${sort}&per_page=30`);
      const b = await search(`sort=${sort}&per_page=30`);
      expect(a.data.map((item: Loose) => item.uuid)).toEqual(b.data.map((item: Loose) => item.uuid));
    }
  });

  it("serves each set's SVG and a PNG at the asked size", async () => {
    for (const set of ["openmoji", "fluent-emoji"]) {
      const [item] = (await search(`query=rocket&contributors[]=${set}&per_page=1`)).data;
      expect(item.name).toBe("rocket");
      const svg = await fetch(item.urls.svg);
      expect(svg.status).toBe(200);
      expect(svg.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
      expect(await svg.text()).toMatch(/^<svg[\s\S]*viewBox="0 0 (72 72|32 32)"[\s\S]*<\/svg>\s*$/);
      const png = new Uint8Array(await (await fetch(item.urls.png_128)).arrayBuffer());
      expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
      expect(new DataView(png.buffer).getUint32(16)).toBe(128);
    }
  });

  it("shows each set's licence in the detail and serves its text", async () => {
    const expected = {
      openmoji: /^All emojis designed by OpenMoji[\s\S]*Attribution-ShareAlike 4\.0/,
      "fluent-emoji": /Microsoft Corporation/,
    };
    for (const [set, text] of Object.entries(expected)) {
      const [found] = (await search(`contributors[]=${set}&per_page=1`)).data;
      const response = await local.get(`/v3/items/${found.uuid}`, READER);
      expect(response.status).toBe(200);
      const { item } = (await json(response)).response;
      expect(item).toMatchObject({ type: "illustration", contributor: set, orientation: "square" });
      expect(item.license.name).toBe(set === "openmoji" ? "CC BY-SA 4.0" : "MIT");
      expect(item.license.text).toMatch(text);
      expect(new URL(item.license.url).pathname).toBe(`/licenses/${set}`);
      const served = await fetch(item.license.url);
      expect(served.status).toBe(200);
      expect(await served.text()).toMatch(text);
    }
  });
});
