// The set swap's matching rules on the real catalogue, over the proxy and the embedded local API on
// 127.0.0.1: the same name first, then tags in common (the sets' own words for one thing), then what
// the reverse image search finds most alike in the icon's picture.

import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSet, readVariant } from "../../../src/api/client/asset-names";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { createUiApi, type UiApi } from "../../../src/ui/services/ui-api";
import {
  createMatchCache,
  type MatchOutcome,
  matchIcon,
  type SwapSource,
  type SwapTarget,
} from "../../../src/ui/swap/match-icon";
import { type Stack, startStack } from "../../e2e/support/stack";

let stack: Stack;
let api: UiApi;
beforeAll(async () => {
  // The reverse image search's descriptors, kept between runs as the Find similar e2e keeps them.
  stack = await startStack({ similarityCache: join(tmpdir(), "assetport-e2e-similarity-descriptors.bin") });
  api = createUiApi(stack.proxyUrl, stack.token);
}, 120_000);
afterAll(() => stack?.stop());

/** One icon of a set as the canvas holds it: its record and its picture (the service's PNG). */
async function placed(set: string, name: string, variant: string): Promise<SwapSource> {
  const found = await api.search({ asset: "icon", query: name.replaceAll("-", " "), contributors: [set] });
  const asset = found.data.find((a) => a.name === name && readVariant(a) === variant);
  if (!asset) throw new Error(`${set} has no ${name} (${variant})`);
  const png = (asset.urls as Record<string, string>).png_64!;
  const picture = new Uint8Array(await (await api.file(png)).arrayBuffer());
  return { asset: { uuid: asset.uuid, name: asset.name, type: "icon" }, picture };
}

function matched(outcome: MatchOutcome): { way: string; set?: string; name?: string; variant?: string } {
  if (outcome.kind !== "matched") return { way: `unmatched:${outcome.why}` };
  const a: Asset = outcome.asset;
  return { way: outcome.way, set: readSet(a), name: a.name, variant: readVariant(a) };
}

const TABLER: SwapTarget = { set: "tabler", variant: "outline" };

describe("matching an icon to another set", () => {
  it("takes the same name first, in the weight asked", async () => {
    const cache = createMatchCache(() => api);
    const heart = await placed("phosphor", "heart", "regular");
    expect(matched(await matchIcon(cache, heart, TABLER))).toEqual({
      way: "name",
      set: "tabler",
      name: "heart",
      variant: "outline",
    });
    const tablerHeart = await placed("tabler", "heart", "outline");
    expect(matched(await matchIcon(cache, tablerHeart, { set: "phosphor", variant: "bold" }))).toEqual({
      way: "name",
      set: "phosphor",
      name: "heart",
      variant: "bold",
    });
    // Tabler's "filled" is Phosphor's "fill": the family is what is asked.
    expect(matched(await matchIcon(cache, heart, { set: "tabler", variant: "fill" }))).toMatchObject({
      name: "heart",
      variant: "filled",
    });
  });

  it("goes by tags when the set calls the icon otherwise", async () => {
    const cache = createMatchCache(() => api);
    const glass = await matchIcon(cache, await placed("phosphor", "magnifying-glass", "regular"), TABLER);
    expect(matched(glass)).toEqual({ way: "tags", set: "tabler", name: "search", variant: "outline" });
    // Phosphor tags its house "homes": one word for one thing finds Tabler's "home".
    const house = await matchIcon(cache, await placed("phosphor", "house", "regular"), TABLER);
    expect(matched(house)).toEqual({ way: "tags", set: "tabler", name: "home", variant: "outline" });
    // Other candidates ride along, none of them the match, all in the set.
    if (house.kind !== "matched") throw new Error("unreachable");
    expect(house.others.length).toBeGreaterThan(1);
    for (const other of house.others) {
      expect(other.name).not.toBe("home");
      expect(readSet(other)).toBe("tabler");
    }
  });

  it("finds by looks when neither name nor tags meet", async () => {
    const cache = createMatchCache(() => api);
    const before = stack.count("POST /v3/reverse-image-search");
    const waves = await matchIcon(cache, await placed("phosphor", "waves", "regular"), TABLER);
    expect(matched(waves)).toEqual({ way: "look", set: "tabler", name: "ripple", variant: "outline" });
    expect(stack.count("POST /v3/reverse-image-search") - before).toBe(1);
  });

  it("leaves an icon already of the set and weight, and changes only the weight within a set", async () => {
    const cache = createMatchCache(() => api);
    const heart = await placed("phosphor", "heart", "regular");
    expect(await matchIcon(cache, heart, { set: "phosphor", variant: "regular" })).toEqual({
      kind: "unmatched",
      why: "same",
    });
    expect(matched(await matchIcon(cache, heart, { set: "phosphor", variant: "bold" }))).toMatchObject({
      way: "name",
      name: "heart",
      variant: "bold",
    });
  });

  it("matches an icon the service no longer knows by the name the canvas kept", async () => {
    const cache = createMatchCache(() => api);
    const { picture } = await placed("phosphor", "bell", "regular");
    const gone: SwapSource = { asset: { uuid: "no-such-icon", name: "bell", type: "icon" }, picture };
    expect(matched(await matchIcon(cache, gone, TABLER))).toMatchObject({ way: "name", name: "bell" });
  });

  it("asks the service once for what several icons share", async () => {
    const cache = createMatchCache(() => api);
    const heart = await placed("phosphor", "heart", "regular");
    await matchIcon(cache, heart, TABLER);
    const asked = stack.requests.length;
    await matchIcon(cache, heart, TABLER);
    expect(stack.requests.length).toBe(asked);
  });
});
