// @vitest-environment happy-dom
// The home a window keeps for the next one: saved once the service has counted it (its sample
// pictures inlined), shown by the next window before any search answers, refreshed in place when the
// answers come, and never shown for another server or account.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RecentAsset } from "../../src/messages/types";
import { App } from "../../src/ui/App";
import { makeHomeSnapshot, readHomeSnapshot, serverIdentity } from "../../src/ui/home/home-snapshot";
import type { SetEntry } from "../../src/ui/sets/sets-store";
import { fakePlugin } from "./support/fake-plugin";
import { heldAnswer, PROXY, type Route } from "./support/fake-service";
import { buildApp, fakeLayout, settle } from "./support/mount";
import { catalogue, catalogueRoute } from "./support/sets-route";

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg>';
const previews: Route = (url) =>
  url.pathname.startsWith("/previews/")
    ? new Response(SVG, { headers: { "content-type": "image/svg+xml" } })
    : undefined;
/** Larger than a page: every set is counted with a search of its own, as in a real catalogue. */
const CATALOGUE = catalogue({ phosphor: 200, tabler: 300 });

/** A window over the fake plugin (its storage shared between windows), rendered whole. */
async function openWindow(storage: Map<string, unknown>, routes: Route[]) {
  const plugin = fakePlugin({ storage });
  storage.set("settings", { proxyUrl: PROXY, ...(storage.get("settings") as object) });
  const built = buildApp({ routes, plugin });
  const container = document.createElement("div");
  document.body.append(container);
  // As main.tsx: the page's boot data (the plugin writes the kept home into it) before the first render.
  built.app.prime({
    settings: storage.get("settings") as object,
    home: storage.get("home-snapshot") as string,
    ...(storage.has("recent-assets") ? { recentAssets: storage.get("recent-assets") as RecentAsset[] } : {}),
  });
  await act(() => {
    render(<App app={built.app} resizeWindow={() => undefined} />, container);
  });
  const started = act(() => built.app.start());
  return {
    ...built,
    container,
    started,
    close() {
      render(null, container);
      container.remove();
      built.app.search.dispose();
    },
  };
}

/** Past the wait for the answers to settle, after which a counted home is kept. */
const pastKeepWait = () => act(() => new Promise((resolve) => setTimeout(resolve, 1700)));

/** A first window over the whole catalogue, open until it has kept its home, then closed. */
async function keepHome(storage: Map<string, unknown>): Promise<void> {
  const first = await openWindow(storage, [previews, catalogueRoute(CATALOGUE)]);
  await first.started;
  await settle();
  await pastKeepWait();
  first.close();
}

const cards = (container: Element) =>
  [...container.querySelectorAll(".set-card")].map((card) => ({
    name: card.querySelector(".set-card__name")?.textContent,
    count: card.querySelector(".set-card__count")?.textContent,
    pictures: [...card.querySelectorAll("img")].map((img) => img.getAttribute("src") ?? ""),
  }));

describe("the kept home", () => {
  beforeAll(() => fakeLayout(360, 560));
  let close = () => {};
  afterEach(() => close());

  it("is saved once counted, then painted by the next window before any search answers", async () => {
    const storage = new Map<string, unknown>();
    const first = await openWindow(storage, [previews, catalogueRoute(CATALOGUE)]);
    close = first.close;
    await first.started;
    await settle();
    const shown = cards(first.container);
    expect(shown.map((c) => c.count)).toEqual(["200 icons", "300 icons"]);
    // Kept once the answers have settled (the sets' shapes arrive meanwhile).
    await pastKeepWait();
    const kept = storage.get("home-snapshot") as string;
    expect(kept.length).toBeGreaterThan(0);
    first.close();

    // The next window: every search held. Its home is there at once, pictures inlined.
    const held = heldAnswer();
    const second = await openWindow(storage, [() => held.promise]);
    close = second.close;
    const early = cards(second.container);
    expect(early.map((c) => [c.name, c.count])).toEqual(shown.map((c) => [c.name, c.count]));
    expect(
      early.every(
        (c) => c.pictures.length > 0 && c.pictures.every((src) => src.startsWith("data:image/svg+xml")),
      ),
    ).toBe(true);
    expect(second.container.querySelector('.set-card[aria-busy="true"]')).toBeNull();
    expect(second.plugin.sentOf("storage-set").filter((s) => s.payload.key === "home-snapshot")).toEqual([]);
  });

  it("keeps the featured icons: the next window paints them, pictures inlined, before any answer", async () => {
    const storage = new Map<string, unknown>();
    const first = await openWindow(storage, [previews, catalogueRoute(CATALOGUE)]);
    close = first.close;
    await first.started;
    await settle();
    const featured = (container: Element) =>
      [...container.querySelectorAll(".home__featured-item")].map((cell) => ({
        name: cell.getAttribute("title"),
        picture: cell.querySelector("img")?.getAttribute("src") ?? "",
      }));
    // Drawn once the cards' pictures have painted (they sit under the set cards).
    await vi.waitFor(() => expect(featured(first.container).length).toBeGreaterThan(0), { timeout: 3000 });
    const shown = featured(first.container);
    await act(() => new Promise((resolve) => setTimeout(resolve, 1700)));
    first.close();

    const held = heldAnswer();
    const second = await openWindow(storage, [() => held.promise]);
    close = second.close;
    // Drawn just after the window's first paint (they sit under the set cards), still before any answer.
    await vi.waitFor(() => expect(featured(second.container).length).toBeGreaterThan(0));
    const early = featured(second.container);
    expect(early.map((cell) => cell.name)).toEqual(shown.map((cell) => cell.name));
    expect(early.every((cell) => cell.picture.startsWith("data:image/svg+xml"))).toBe(true);
  });

  it("drops the featured icons before any set's pictures when over its bound", () => {
    const small = `data:image/svg+xml;base64,${"A".repeat(4000)}`;
    const big = `data:image/svg+xml;base64,${"B".repeat(5000)}`;
    const asset = (id: string) => ({ uuid: id, name: id, urls: { svg: `${PROXY}/p/${id}.svg` } });
    const samples = Array.from({ length: 6 }, (_, i) => asset(`s${i}`));
    const featured = Array.from({ length: 36 }, (_, i) => asset(`f${i}`));
    const sets: SetEntry[] = Array.from({ length: 4 }, (_, i) => ({
      name: `set${i}`,
      label: `Set ${i}`,
      count: i,
      samples,
    }));
    const pictures = new Map([
      ...samples.map((a) => [a.urls.svg, small] as const),
      ...featured.map((a) => [a.urls.svg, big] as const),
    ]);
    const make = (count: number) =>
      readHomeSnapshot(
        makeHomeSnapshot({
          server: "s",
          type: "icon",
          key: "[]",
          sets,
          ratio: () => undefined,
          variants: () => "",
          pictures,
          featured: featured.slice(0, count),
        }),
        "s",
      )!;
    // A few fit whole; 36 large ones (180 kB beside the sets' 96 kB) do not, and half of them do.
    expect(make(4).featured?.map((a) => a.uuid)).toEqual(["f0", "f1", "f2", "f3"]);
    const home = make(36);
    expect(home.featured).toHaveLength(18);
    expect(home.sets.every((set) => set.samples.every((s) => s.urls?.preview === small))).toBe(true);
  });

  it("is refreshed in place by the answers: same cards, same pictures, no flicker to placeholders", async () => {
    const storage = new Map<string, unknown>();
    await keepHome(storage);

    const held = heldAnswer();
    let holding = true;
    const gate: Route = async (url, request) => {
      if (holding) await held.promise;
      return (
        (await (catalogueRoute(CATALOGUE)(url, request) ?? previews(url, request))) ??
        new Response("", { status: 404 })
      );
    };
    const second = await openWindow(storage, [gate]);
    close = second.close;
    const before = cards(second.container);
    const imgs = [...second.container.querySelectorAll(".set-card img")];
    holding = false;
    held.release(new Response("{}"));
    await second.started;
    await settle(6);
    // The service's own answers now stand behind every card.
    expect(second.app.sets.answered.value).toBe(true);
    const after = cards(second.container);
    expect(after).toEqual(before);
    // The very same <img> elements: nothing was unmounted or reloaded.
    expect([...second.container.querySelectorAll(".set-card img")]).toEqual(imgs);
  });

  it("is never shown for another server or account", () => {
    const set: SetEntry = { name: "phosphor", label: "Phosphor", count: 12, samples: [] };
    const text = makeHomeSnapshot({
      server: serverIdentity(PROXY, "design-token"),
      type: "icon",
      key: "[]",
      sets: [set],
      ratio: () => ({ perIcon: 6, exact: false }),
      variants: () => "6 weights",
      pictures: new Map(),
    });
    expect(readHomeSnapshot(text, serverIdentity(PROXY, "design-token"))?.sets[0]).toMatchObject({
      name: "phosphor",
      count: 12,
      ratio: { perIcon: 6, exact: false },
      variants: "6 weights",
    });
    expect(readHomeSnapshot(text, serverIdentity(PROXY, "brand-token"))).toBeUndefined();
    expect(readHomeSnapshot(text, serverIdentity("http://127.0.0.1:9999", "design-token"))).toBeUndefined();
    expect(
      readHomeSnapshot(text?.replace('"version":1', '"version":0'), serverIdentity(PROXY, "design-token")),
    ).toBeUndefined();
    expect(readHomeSnapshot("{not json", serverIdentity(PROXY, "design-token"))).toBeUndefined();
  });

  it("stays within its bound: pictures are left out before any card is", () => {
    const picture = `data:image/png;base64,${"A".repeat(8000)}`;
    const samples = Array.from({ length: 6 }, (_, i) => ({
      uuid: `s${i}`,
      name: `s ${i}`,
      urls: { svg: `${PROXY}/p/${i}.svg` },
    }));
    const sets: SetEntry[] = Array.from({ length: 12 }, (_, i) => ({
      name: `set${i}`,
      label: `Set ${i}`,
      count: i,
      samples,
    }));
    const text = makeHomeSnapshot({
      server: "s",
      type: "icon",
      key: "[]",
      sets,
      ratio: () => undefined,
      variants: () => "",
      pictures: new Map(samples.map((s) => [s.urls.svg, picture])),
    })!;
    expect(text.length).toBeLessThanOrEqual(256 * 1024);
    const home = readHomeSnapshot(text, "s")!;
    expect(home.sets).toHaveLength(12);
    expect(home.sets.every((set) => set.samples.every((s) => Object.keys(s.urls ?? {}).length === 0))).toBe(
      true,
    );
  });

  it("keeps the recent strip's pictures too: the next window shows them with no link to load", async () => {
    const storage = new Map<string, unknown>();
    const recentAsset = {
      uuid: "phosphor-1",
      name: "phosphor 1",
      type: "icon" as const,
      previewUrl: `${PROXY}/previews/phosphor-1.svg`,
      usedAt: 1,
    };
    storage.set("recent-assets", [recentAsset]);
    await keepHome(storage);

    const held = heldAnswer();
    const second = await openWindow(storage, [() => held.promise]);
    close = second.close;
    const strip = [...second.container.querySelectorAll(".home .recent img")].map((img) =>
      img.getAttribute("src"),
    );
    expect(strip).toHaveLength(1);
    expect(strip[0]).toMatch(/^data:image\/svg\+xml;base64,/);
    // What is stored keeps the link: a picture kept for the strip is never written as one.
    second.app.recent.addAsset(recentAsset, strip[0] ?? undefined);
    const stored = second.plugin.sentOf("storage-set").filter((s) => s.payload.key === "recent-assets");
    const written = (stored.at(-1)?.payload.value ?? []) as { previewUrl?: string }[];
    expect(written[0]?.previewUrl).toBe(recentAsset.previewUrl);
  });

  it("keeps only the home a window opens on: browsing another type does not replace it", async () => {
    const storage = new Map<string, unknown>();
    const routes = [previews, catalogueRoute(CATALOGUE)];
    const first = await openWindow(storage, routes);
    close = first.close;
    await first.started;
    await settle();
    await pastKeepWait();
    const kept = storage.get("home-snapshot");
    expect(typeof kept).toBe("string");
    // The same catalogue answers for illustrations: their home is counted, and not kept.
    await act(() => {
      first.app.search.asset.value = "illustration";
    });
    await settle();
    expect(first.container.querySelectorAll(".set-card").length).toBeGreaterThan(0);
    await pastKeepWait();
    expect(storage.get("home-snapshot")).toBe(kept);
  });
});
