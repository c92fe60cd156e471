// The reverse search answers icons, not loose drawings: an icon's drawings come together, where its
// most alike one ranks, even a drawing unlike the image (a window showing one cell per icon must
// meet an icon's Regular beside its Bold, not pages later). Every item says how alike it is.

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allIcons, random, sample } from "./engines/icon-set";
import { type Loose, type RunningLocalApi, startLocalApi } from "./support";
import { headersOf, worker } from "./work-support";

const SEARCHER = headersOf("searcher");
let server: RunningLocalApi;
let query: Uint8Array;

interface Item {
  name: string;
  variant?: string;
  similarity: number;
}

beforeAll(async () => {
  const icons = sample(allIcons(), 80, random(11));
  const [target, ...rest] = icons;
  const lines = [JSON.stringify({ replace_builtin: true })];
  rest.forEach((icon, i) => {
    lines.push(JSON.stringify({ name: `other-${i}`, type: "icon", svg: icon.svg, contributor: "testset" }));
  });
  // One icon in two drawings: its regular one is the image itself; its "odd" one is another
  // sample's drawing, so on its own it would rank far down.
  for (const [variant, svg] of [
    ["regular", target!.svg],
    ["odd", rest[rest.length - 1]!.svg],
  ])
    lines.push(JSON.stringify({ name: "target", variant, type: "icon", svg, contributor: "testset" }));
  const dir = mkdtempSync(join(tmpdir(), "icon-order-"));
  writeFileSync(join(dir, "catalogue.jsonl"), lines.join("\n"));
  server = await startLocalApi({
    catalogFile: join(dir, "catalogue.jsonl"),
    accounts: { clients: [worker("searcher")] },
  });
  query = new Resvg(target!.svg, { fitTo: { mode: "width", value: 64 } }).render().asPng();
});
afterAll(() => server.close());

async function search(): Promise<Item[]> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(query)], { type: "image/png" }), "q.png");
  const response = await fetch(`${server.url}/v3/reverse-image-search`, {
    method: "POST",
    headers: SEARCHER,
    body: form,
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as Loose;
  return body.response.items.data as Item[];
}

describe("reverse search order", () => {
  it("puts every drawing of an icon beside its most alike one", async () => {
    const items = await search();
    expect(items.slice(0, 2).map((i) => `${i.name}/${i.variant}`)).toEqual(["target/regular", "target/odd"]);
    // The odd drawing is truly unlike the image: alone it would not be second.
    expect(items[1]!.similarity).toBeLessThan(items[2]!.similarity);
  });

  it("orders icons by their most alike drawing, each item saying how alike it is, 0 to 1", async () => {
    const items = await search();
    expect(items[0]!.similarity).toBeGreaterThan(0.95);
    for (const item of items) {
      expect(item.similarity).toBeGreaterThanOrEqual(0);
      expect(item.similarity).toBeLessThanOrEqual(1);
    }
    // Past the target's two drawings (one icon each), the order is by similarity.
    const loose = items.slice(2).map((i) => i.similarity);
    expect(loose).toEqual([...loose].sort((a, b) => b - a));
  });
});
