// @vitest-environment happy-dom
// The page's first script asks for the home's first pictures (boot/first-pictures.ts): each must be
// the very link the view's <img> shows, or the browser loads it twice (and the home waits for the
// second). The set cards' from each set's early sample, the recent strip's from the boot data.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import type { RecentAsset, RecentSearch } from "../../src/messages/types";
import { createAppState } from "../../src/ui/app-state";
import type { Boot } from "../../src/ui/boot/boot-data";
import { drawnAsServed, recentPictures } from "../../src/ui/boot/first-pictures";
import { sendFirstSearch, withFirstSearch } from "../../src/ui/boot/first-search";
import { sendFirstSets, withFirstSets } from "../../src/ui/boot/first-sets";
import { Home } from "../../src/ui/home/Home";
import { RecentStrip } from "../../src/ui/recent/RecentStrip";
import { fakePlugin } from "./support/fake-plugin";
import { fakeService, PROXY, signedLink } from "./support/fake-service";
import { settle, testApi } from "./support/mount";
import { catalogue } from "./support/set-catalogue";

const BAKED = { proxyUrls: [PROXY], accessToken: "" };
const SETTINGS = { proxyUrl: PROXY, accessToken: "design-token" };
const firstEver: Boot = { settings: SETTINGS, launch: { command: "open" } };
const noop = () => undefined;

let dispose = () => {};
afterEach(() => {
  dispose();
  document.body.innerHTML = "";
});

const shownPictures = (root: Element, selector: string) =>
  [...root.querySelectorAll<HTMLImageElement>(selector)].map((img) => img.getAttribute("src"));

it("asks for exactly the set cards' pictures, as each set's sample answers", async () => {
  const service = fakeService(catalogue);
  const loaded: string[] = [];
  const first = sendFirstSearch(firstEver, BAKED, service.fetch);
  const sets = sendFirstSets(firstEver, BAKED, first, service.fetch, (url) => loaded.push(url));
  await settle(6);
  const app = createAppState({
    port: fakePlugin().port,
    debounceMs: 0,
    makeApi: (proxyUrl, token) =>
      testApi(withFirstSets(sets, withFirstSearch(first, service.fetch)), proxyUrl, token),
    baked: BAKED,
  });
  dispose = () => app.search.dispose();
  app.prime(firstEver);
  app.searchFromLaunch(firstEver);
  await settle(8);
  const root = document.createElement("div");
  document.body.append(root);
  const recent = { assets: signal<RecentAsset[]>([]), searches: signal<RecentSearch[]>([]) };
  await act(() =>
    render(
      <Home
        type="icon"
        sets={app.sets}
        counts={app.iconCounts}
        recent={recent}
        onInsert={noop}
        onPreviewFail={noop}
        onSearch={noop}
        onChooseSet={noop}
      />,
      root,
    ),
  );
  const shown = shownPictures(root, ".set-card img");
  // Three sets, six pictures each.
  expect(shown).toHaveLength(18);
  expect([...loaded].sort()).toEqual([...shown].sort());
});

it("asks for exactly the recent strip's pictures: the shown type's, live links only", () => {
  const ref = (i: number, type: RecentAsset["type"], expires?: number): RecentAsset => ({
    uuid: `${type}-${i}`,
    name: `${type} ${i}`,
    type,
    previewUrl: signedLink(`http://local-api.invalid/previews/${type}-${i}.svg`, expires),
    usedAt: 100 - i,
  });
  const assets = [
    ...Array.from({ length: 4 }, (_, i) => ref(i, "icon")),
    ref(9, "illustration"),
    // Its link has expired: the strip shows a placeholder until a fresh one comes.
    ref(5, "icon", 1),
    ...Array.from({ length: 6 }, (_, i) => ref(10 + i, "icon")),
  ];
  const boot: Boot = { ...firstEver, recentAssets: assets };
  const root = document.createElement("div");
  act(() =>
    render(
      <RecentStrip recent={{ assets: signal(assets) }} type="icon" onInsert={noop} onPreviewFail={noop} />,
      root,
    ),
  );
  const shown = shownPictures(root, "img");
  const asked = recentPictures(boot, "icon");
  expect(asked).toHaveLength(7);
  expect(shown.filter((src) => src && asked.includes(src))).toEqual(asked);
});

it("asks for none when a stroke width is chosen: the home shows its pictures redrawn", () => {
  expect(drawnAsServed(firstEver)).toBe(true);
  expect(drawnAsServed({ ...firstEver, settings: { ...SETTINGS, iconStrokeWidth: 1.5 } })).toBe(false);
});
