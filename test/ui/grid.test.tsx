// @vitest-environment happy-dom
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "../../src/api/types";
import { Grid, type GridProps } from "../../src/ui/grid/Grid";
import { previewOf } from "../../src/ui/grid/preview-source";
import { gridLayout } from "../../src/ui/grid/visible-range";
import { createPreviewLoader } from "../../src/ui/services/preview-loader";
import { fakeService, makeAssets, PROXY, type Route } from "./support/fake-service";
import { fakeLayout, settle, testApi } from "./support/mount";
import { PNG } from "./support/routes";

const noop = () => {};

const pictures: Route = (url) =>
  url.pathname === "/v3/search" ? undefined : new Response(PNG, { headers: { "content-type": "image/png" } });

function previewService() {
  const service = fakeService(pictures);
  const load = createPreviewLoader({ file: () => testApi(service.fetch, PROXY, "t0ken").file });
  return { service, load };
}

function mountGrid(items: Asset[], overrides: Partial<GridProps> = {}) {
  const container = document.createElement("div");
  document.body.append(container);
  const props: GridProps = {
    items,
    type: "icon",
    loadPreview: previewService().load,
    focusIndex: 0,
    busyUuid: null,
    onFocusIndex: noop,
    onInsert: noop,
    onDetail: noop,
    onDragStart: () => "drop-1",
    onDragEnd: noop,
    onNearEnd: noop,
    onExitTop: noop,
    ...overrides,
  };
  act(() => render(<Grid {...props} />, container));
  return container;
}

describe("preview choice", () => {
  it("prefers a vector for icons, a sized rendering for larger cells, and never a non-picture format", () => {
    const urls = { svg: "/a.svg", png_64: "/a/64.png", png_256: "/a/256.png", json: "/a.json" };
    expect(previewOf({ uuid: "a", name: "a", urls }, "icon")).toEqual({ kind: "image", url: "/a.svg" });
    expect(previewOf({ uuid: "a", name: "a", urls }, "3d")).toEqual({ kind: "image", url: "/a/256.png" });
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
});

describe("virtualised grid", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("renders only the cells in view (plus overscan) out of 1,500 results", () => {
    const container = mountGrid(makeAssets(1500));
    const cells = container.querySelectorAll('[role="gridcell"]');
    // A 360 px scroller less its 16 px padding at 48 + 4 px a cell: 6 columns (7 would overflow);
    // 400 px tall: 8 visible rows + 2 overscan below.
    const layout = gridLayout({ count: 1500, width: 344, height: 400, scrollTop: 0, cellSize: 48, gap: 4 });
    expect(layout.columns).toBe(6);
    expect(cells.length).toBe(layout.last - layout.first);
    expect(cells.length).toBeLessThanOrEqual(6 * 11);
    expect(container.querySelector('[role="grid"]')?.getAttribute("aria-rowcount")).toBe("250");
    // The sizer stands for every row, so the scrollbar is true to 1,500 results.
    const sizer = container.querySelector<HTMLElement>(".grid__sizer");
    expect(sizer?.style.height).toBe(`${250 * 52 - 4}px`);
    const first = container.querySelector<HTMLElement>('[data-index="7"]');
    expect([first?.style.left, first?.style.width]).toEqual(["52px", "48px"]);
  });

  it("renders other cells after a scroll, and still only a screenful", () => {
    const container = mountGrid(makeAssets(1500));
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

  it("asks for the next page when the last rows come into view", () => {
    let asked = 0;
    mountGrid(makeAssets(30), { onNearEnd: () => asked++ });
    expect(asked).toBeGreaterThan(0);
    let askedBig = 0;
    mountGrid(makeAssets(600), { onNearEnd: () => askedBig++ });
    expect(askedBig).toBe(0);
  });

  it("has one tabbable cell (roving tabindex) and labels every cell with the asset's name", () => {
    const container = mountGrid(makeAssets(100), { focusIndex: 3 });
    const tabbable = container.querySelectorAll('[role="gridcell"][tabindex="0"]');
    expect(tabbable).toHaveLength(1);
    expect((tabbable[0] as HTMLElement).dataset.index).toBe("3");
    for (const cell of container.querySelectorAll('[role="gridcell"]')) {
      expect(cell.getAttribute("aria-label")).toMatch(/^asset \d+$/);
    }
  });

  it("fetches previews with the access token, through the relay when the file is not on the proxy", async () => {
    const { service, load } = previewService();
    const container = mountGrid(
      [
        { uuid: "a", name: "a", urls: { svg: `${PROXY}/previews/a.svg` } },
        { uuid: "b", name: "b", urls: { png: "https://cdn.example.test/b.png" } },
      ],
      { type: "illustration", loadPreview: load },
    );
    await settle();
    expect(service.requests.map((r) => r.url)).toEqual([
      `${PROXY}/previews/a.svg`,
      `${PROXY}/relay?url=${encodeURIComponent("https://cdn.example.test/b.png")}`,
    ]);
    expect(service.requests.every((r) => r.headers.get("authorization") === "Bearer t0ken")).toBe(true);
    const sources = [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src).toMatch(/^blob:/);
    // Scrolling back re-renders cells: the cache answers, no second fetch.
    await load(`${PROXY}/previews/a.svg`);
    expect(service.requests).toHaveLength(2);
  });

  it("shows a placeholder when a preview cannot be fetched", async () => {
    const broken = fakeService(() => new Response("nope", { status: 500 }));
    const load = createPreviewLoader({ file: () => testApi(broken.fetch).file });
    const container = mountGrid(makeAssets(1), { loadPreview: load });
    await settle();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelectorAll(".preview--none")).toHaveLength(1);
  });

  it("shows a Lottie's video thumb as a muted video, and a placeholder when nothing can be shown", async () => {
    const container = mountGrid(
      [
        { uuid: "v", name: "v", urls: { json: `${PROXY}/files/v.json`, mp4: `${PROXY}/previews/v.mp4` } },
        { uuid: "n", name: "n", urls: { json: `${PROXY}/files/n.json` } },
      ],
      { type: "lottie" },
    );
    await settle();
    const video = container.querySelector("video");
    expect(video?.getAttribute("src")).toMatch(/^blob:/);
    expect(video?.muted).toBe(true);
    expect(container.querySelectorAll(".preview--none")).toHaveLength(1);
  });
});
