// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { previewOf } from "../../src/ui/grid/preview-source";
import { gridLayout } from "../../src/ui/grid/visible-range";
import { makeAssets, PROXY, searchRoute, signedLink } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { mountGridView } from "./support/mount-grid";
import { FRESH_GRANT, granted, grantRoute } from "./support/routes";

const mountGrid = mountGridView;

describe("preview choice", () => {
  it("prefers a vector for icons, a sized rendering for larger cells, and never a non-picture format", () => {
    const urls = { svg: "/a.svg", png_64: "/a/64.png", png_256: "/a/256.png", json: "/a.json" };
    expect(previewOf({ uuid: "a", name: "a", urls }, "icon")).toEqual({
      kind: "image",
      url: "/a.svg",
      svg: true,
    });
    expect(previewOf({ uuid: "a", name: "a", urls }, "3d")).toEqual({
      kind: "image",
      url: "/a/256.png",
      svg: false,
    });
    expect(
      previewOf({ uuid: "l", name: "l", urls: { json: "/l.json", lottie: "/l.lottie" } }, "lottie"),
    ).toEqual({
      kind: "none",
    });
    expect(previewOf({ uuid: "v", name: "v", urls: { thumb: "/v.webm" } }, "lottie")).toEqual({
      kind: "video",
      url: "/v.webm",
    });
  });

  it("loads the signed link and reads the kind from the original the proxy kept", () => {
    const source = "http://local-api.invalid/previews/v.webm";
    const link = signedLink(source);
    const asset = { uuid: "v", name: "v", urls: { thumb: link }, source_urls: { thumb: source } };
    expect(previewOf(asset, "lottie")).toEqual({ kind: "video", url: link });
    const other = { uuid: "o", name: "o", urls: { extra: signedLink("http://local-api.invalid/o.png") } };
    const withSource = { ...other, source_urls: { extra: "http://local-api.invalid/o.png" } };
    expect(previewOf(withSource, "3d")).toEqual({ kind: "image", url: other.urls.extra, svg: false });
    // An SVG behind a signed link is known by the original's extension (a stroke can be redrawn).
    const drawn = { uuid: "s", name: "s", urls: { svg: signedLink("http://local-api.invalid/s.svg") } };
    expect(previewOf(drawn, "icon")).toMatchObject({ kind: "image", svg: true });
    const thumb = { uuid: "t", name: "t", urls: { thumb: "/t?x" }, source_urls: { thumb: "http://h/t.svg" } };
    expect(previewOf(thumb, "icon")).toMatchObject({ kind: "image", svg: true });
  });
});

describe("virtualised grid", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("renders only the cells in view (plus overscan) out of 1,500 results", async () => {
    const container = await mountGrid(makeAssets(1500));
    const cells = container.querySelectorAll('[role="gridcell"]');
    // A 360 px scroller less its 32 px padding at 48 + 4 px a cell: 6 columns (7 would overflow);
    // 400 px tall: 8 visible rows + 2 overscan below.
    const layout = gridLayout({ count: 1500, width: 328, height: 400, scrollTop: 0, cellSize: 48, gap: 4 });
    expect(layout.columns).toBe(6);
    expect(cells.length).toBe(layout.last - layout.first);
    expect(cells.length).toBeLessThanOrEqual(6 * 11);
    expect(container.querySelector('[role="grid"]')?.getAttribute("aria-rowcount")).toBe("250");
    // The sizer stands for every row, so the scrollbar is true to 1,500 results.
    const sizer = container.querySelector<HTMLElement>(".grid__sizer");
    expect(sizer?.style.height).toBe(`${250 * 52 - 4}px`);
    // Six columns share the 328 px (less five 4 px gaps): 51.3 px cells from edge to edge, the
    // controls' gutters, the picture centred in each.
    const second = container.querySelector<HTMLElement>('[data-index="7"]');
    const width = (328 - 5 * 4) / 6;
    expect(Number.parseFloat(second?.style.left ?? "")).toBeCloseTo(width + 4, 3);
    expect(Number.parseFloat(second?.style.width ?? "")).toBeCloseTo(width, 3);
    const last = container.querySelector<HTMLElement>('[data-index="11"]');
    const rightGap = 328 - (Number.parseFloat(last?.style.left ?? "") + width);
    expect(rightGap).toBeCloseTo(0, 3);
  });

  it("renders other cells after a scroll, and still only a screenful", async () => {
    const container = await mountGrid(makeAssets(1500));
    const grid = container.querySelector<HTMLElement>('[role="grid"]');
    if (!grid) throw new Error("no grid");
    act(() => {
      grid.scrollTop = 52 * 100;
      grid.dispatchEvent(new Event("scroll"));
    });
    const indices = [...container.querySelectorAll<HTMLElement>('[role="gridcell"]')].map((c) =>
      Number(c.dataset.index),
    );
    expect(Math.min(...indices)).toBe(98 * 6);
    expect(indices).toContain(600);
    expect(indices).not.toContain(0);
    expect(indices.length).toBeLessThanOrEqual(6 * 12);
  });

  it("asks for the next page when the last rows come into view", async () => {
    let asked = 0;
    await mountGrid(makeAssets(30), { onNearEnd: () => asked++ });
    expect(asked).toBeGreaterThan(0);
    let askedBig = 0;
    await mountGrid(makeAssets(600), { onNearEnd: () => askedBig++ });
    expect(askedBig).toBe(0);
  });

  it("has one tabbable cell (roving tabindex) and labels every cell with the asset's name in words", async () => {
    const container = await mountGrid(makeAssets(100), { focusIndex: 3 });
    const tabbable = container.querySelectorAll('[role="gridcell"][tabindex="0"]');
    expect(tabbable).toHaveLength(1);
    expect((tabbable[0] as HTMLElement).dataset.index).toBe("3");
    for (const cell of container.querySelectorAll('[role="gridcell"]')) {
      expect(cell.getAttribute("aria-label")).toMatch(/^Asset \d+$/);
      expect(cell.getAttribute("data-name")).toMatch(/^asset \d+$/);
    }
  });

  it("shows previews as img elements on links written from the window's grant, fetching nothing itself", async () => {
    const ui = await mountApp({ routes: [granted(searchRoute(200))] });
    try {
      const images = [...ui.container.querySelectorAll<HTMLImageElement>(".grid img")];
      expect(images.length).toBeGreaterThan(10);
      const shown = ui.app.search.items.value;
      for (const img of images) {
        const index = Number(img.closest<HTMLElement>("[data-index]")?.dataset.index);
        expect(img.getAttribute("src")).toBe(shown[index]?.urls.svg);
        const link = new URL(img.getAttribute("src") ?? "");
        expect(`${link.origin}${link.pathname}`).toBe(`${PROXY}/relay/g`);
        expect(link.searchParams.get("u")).toBe(
          (shown[index]?.source_urls as { svg?: string } | undefined)?.svg,
        );
        // Loaded at once: only cells in view exist, and a lazy image that a window resize brings into
        // view stays blank in Chromium (see test/e2e/results.test.ts).
        expect(img.getAttribute("loading")).toBe("eager");
        expect(img.getAttribute("decoding")).toBe("async");
      }
      // The ui called only the api (searches, and the credit meter at start): no token-authenticated
      // fetch per preview, nothing on the relay, not even for its grant (the answers carry it).
      const paths = ui.service.requests.map((r) => new URL(r.url).pathname);
      expect(paths.filter((path) => path !== "/v3/search" && path !== "/v3/credits")).toEqual([]);
      expect(paths.filter((path) => path === "/v3/search").length).toBeGreaterThan(0);
    } finally {
      ui.unmount();
    }
  });

  it("fetches the shown pages again when their preview links have expired, and not for other failures", async () => {
    let searches = 0;
    // The first answer's grant lapsed a minute ago (a window left open); later answers' are fresh.
    const expiry = () => (searches++ === 0 ? Math.floor(Date.now() / 1000) - 60 : 4_102_444_800);
    const grant = { ...FRESH_GRANT, expiresAtSeconds: expiry };
    const ui = await mountApp({ routes: [granted(searchRoute(200), grant), grantRoute()] });
    try {
      const first = () => ui.container.querySelector<HTMLImageElement>('.grid [data-index="0"] img');
      // Pictures are asked for once the first frame is painted (grid/first-paint.ts).
      await vi.waitFor(() => expect(first()?.getAttribute("src")).toBeTruthy());
      const stale = first()?.getAttribute("src") ?? "";
      const before = ui.service.searches().length;
      const shown = ui.app.search.pages.value.length;
      expect(new URL(stale).searchParams.get("e")).toMatch(/^\d+$/);
      await act(() => {
        first()?.dispatchEvent(new Event("error"));
        ui.container.querySelector('.grid [data-index="1"] img')?.dispatchEvent(new Event("error"));
      });
      await settle();
      // One reload of the pages shown, however many previews failed.
      const again = ui.service.searches().slice(before);
      expect(again.map((url) => url.searchParams.get("page"))).toEqual(
        Array.from({ length: shown }, (_, i) => String(i + 1)),
      );
      expect(ui.app.search.pages.value).toHaveLength(shown);
      const fresh = first()?.getAttribute("src") ?? "";
      expect(fresh).not.toBe(stale);
      expect(new URL(fresh).searchParams.get("u")).toBe(new URL(stale).searchParams.get("u"));
      // A fresh link that fails (a missing file) is not a reason to search again.
      await act(() => {
        first()?.dispatchEvent(new Event("error"));
      });
      await settle();
      expect(ui.service.searches()).toHaveLength(before + shown);
    } finally {
      ui.unmount();
    }
  });

  it("asks for a fresh grant when a preview fails on a current one, and shows the pages again if it changed", async () => {
    // The proxy's key changes while the window is open (a restart): the grant it holds is refused.
    let key = "a";
    const grant = { ...FRESH_GRANT, mac: () => key.repeat(43) };
    const ui = await mountApp({ routes: [granted(searchRoute(200), grant), grantRoute(grant)] });
    const grantsAsked = () => ui.service.requests.filter((r) => r.url.endsWith("/relay/grant")).length;
    try {
      const first = () => ui.container.querySelector<HTMLImageElement>('.grid [data-index="0"] img');
      await vi.waitFor(() => expect(first()?.getAttribute("src")).toBeTruthy());
      await settle();
      const refused = first()?.getAttribute("src") ?? "";
      expect(new URL(refused).searchParams.get("g")).toBe("a".repeat(43));
      const before = ui.service.searches().length;
      const shown = ui.app.search.pages.value.length;
      key = "b";
      await act(() => {
        first()?.dispatchEvent(new Event("error"));
        ui.container.querySelector('.grid [data-index="1"] img')?.dispatchEvent(new Event("error"));
      });
      await settle();
      // One question for the grant, one reload of the pages shown, however many previews failed.
      expect(grantsAsked()).toBe(1);
      expect(ui.service.searches()).toHaveLength(before + shown);
      const fresh = new URL(first()?.getAttribute("src") ?? "");
      expect(fresh.searchParams.get("g")).toBe("b".repeat(43));
      expect(fresh.searchParams.get("u")).toBe(new URL(refused).searchParams.get("u"));
      // The fresh grant failing too (a missing file) asks neither for a grant nor for the pages again.
      await act(() => {
        first()?.dispatchEvent(new Event("error"));
      });
      await settle();
      expect(grantsAsked()).toBe(1);
      expect(ui.service.searches()).toHaveLength(before + shown);
    } finally {
      ui.unmount();
    }
  });

  it("shows a placeholder when a preview does not load", async () => {
    const container = await mountGrid(makeAssets(2));
    const img = container.querySelector("img");
    expect(img).not.toBeNull();
    act(() => {
      img?.dispatchEvent(new Event("error"));
    });
    expect(container.querySelectorAll("img")).toHaveLength(1);
    expect(container.querySelectorAll(".preview--none")).toHaveLength(1);
  });

  it("shows a Lottie's video thumb as a muted video, and a placeholder when nothing can be shown", async () => {
    const source = "http://local-api.invalid/previews/v.mp4";
    const container = await mountGrid(
      [
        {
          uuid: "v",
          name: "v",
          urls: { json: signedLink("http://local-api.invalid/files/v.json"), preview: signedLink(source) },
          source_urls: { json: "http://local-api.invalid/files/v.json", preview: source },
        },
        { uuid: "n", name: "n", urls: { json: `${PROXY}/files/n.json` } },
      ],
      { type: "lottie" },
    );
    await settle();
    const video = container.querySelector("video");
    expect(video?.getAttribute("src")).toBe(signedLink(source));
    expect(video?.muted).toBe(true);
    expect(container.querySelectorAll(".preview--none")).toHaveLength(1);
  });
});
