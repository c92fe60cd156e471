// @vitest-environment happy-dom
// A preview with a stroke width chosen: a line icon shows its SVG redrawn at that width, as an
// image (never markup in the page), or, for a plain one, its paths painted on a canvas; a new width
// repaints in the same render from memory, with no request and no frame of the service's own
// stroke; filled icons, other types and no width chosen show the service's picture; the colour
// tint masks the redrawn image, or paints the canvas.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import type { AssetType } from "../../../src/api/contract/tables";
import { Preview } from "../../../src/ui/grid/Preview";
import type { SvgText } from "../../../src/ui/preview/fetch-svg-text";
import type { StrokeLook } from "../../../src/ui/preview/stroke-rewrite";
import { createStrokedPreviews, StrokedPreviewsContext } from "../../../src/ui/preview/stroked-previews";
import { settle } from "../support/mount";

/** A line icon with a transform (so not a plain one): redrawn as a data: picture. */
const LINE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" stroke="currentColor" stroke-width="2">' +
  '<g transform="translate(1 1)"><path d="M4 4h16"/></g><script>document.title="owned"</script></svg>';
/** A plain line icon, as Tabler's are: painted on a canvas. */
const PLAIN =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">' +
  '<path d="M4 4h16"/><circle cx="12" cy="12" r="3"/></svg>';
const FILLED = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256"><path d="M0 0h9v9z"/></svg>';

const icon = (uuid: string, styles = ["line"]): Asset =>
  ({ uuid, name: uuid, type: "icon", styles, urls: { svg: `/p/${uuid}.svg` } }) as Asset;

let container: HTMLElement;
afterEach(() => {
  render(null, container);
  container.remove();
});

function mount(assets: Asset[], options: { type?: AssetType; tint?: string; width?: number | null } = {}) {
  const fetched: string[] = [];
  const look = signal<StrokeLook | null>(
    options.width === null ? null : { width: options.width ?? 1, size: 24 },
  );
  const previews = createStrokedPreviews({
    look,
    fetchText: async (url): Promise<SvgText> => {
      fetched.push(url);
      return { kind: "text", text: url.includes("filled") ? FILLED : url.includes("plain") ? PLAIN : LINE };
    },
  });
  container = document.createElement("div");
  document.body.append(container);
  act(() =>
    render(
      <StrokedPreviewsContext.Provider value={previews}>
        {assets.map((asset) => (
          <Preview key={asset.uuid} asset={asset} type={options.type ?? "icon"} tint={options.tint ?? null} />
        ))}
      </StrokedPreviewsContext.Provider>,
      container,
    ),
  );
  return { fetched, look };
}

/** The SVG a data: picture holds ("" for a link). */
const svgIn = (src: string | null | undefined) =>
  src?.startsWith("data:") ? decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, "")) : "";

const sources = () => [...container.querySelectorAll("img")].map((img) => img.getAttribute("src"));

describe("a preview at the chosen stroke width", () => {
  it("shows nothing until the redrawn image is ready, then only that image", async () => {
    const { fetched } = mount([icon("a"), icon("b")]);
    // Not the service's picture while the SVG is on its way: that would flash the old stroke.
    expect(container.querySelectorAll("img")).toHaveLength(0);
    expect(container.querySelectorAll(".preview--pending")).toHaveLength(2);
    await settle();
    expect(fetched).toEqual(["/p/a.svg", "/p/b.svg"]);
    const [a] = sources();
    expect(svgIn(a)).toMatch(/stroke-width:1px/);
    // An image only: the service's markup never becomes part of the page.
    expect(container.querySelector("svg, script, path")).toBeNull();
    expect(svgIn(a)).not.toMatch(/script/);
  });

  it("repaints a new width in the same render, from memory, with no request", async () => {
    const { fetched, look } = mount([icon("a"), icon("b")]);
    await settle();
    const before = sources();
    act(() => {
      look.value = { width: 3, size: 24 };
    });
    // Synchronously after the change: no pending square, no old picture, no fetch.
    expect(container.querySelectorAll(".preview--pending")).toHaveLength(0);
    const after = sources();
    expect(after).toHaveLength(2);
    expect(after.every((src, i) => src !== before[i] && svgIn(src).includes("stroke-width:3px"))).toBe(true);
    expect(fetched).toHaveLength(2);
    // Back to the first width: the images made for it are reused.
    act(() => {
      look.value = { width: 1, size: 24 };
    });
    expect(sources()).toEqual(before);
  });

  it("keeps the service's drawing for filled icons, and its link for other types and no width", async () => {
    const filled = mount([icon("filled", ["glyph"])]);
    await settle();
    // From the copy already fetched (no second request), as drawn: no width put in.
    expect(svgIn(sources()[0])).toContain('viewBox="0 0 256 256"');
    expect(svgIn(sources()[0])).not.toContain("stroke-width");
    expect(filled.fetched).toEqual(["/p/filled.svg"]);
    render(null, container);
    container.remove();
    const illustration = mount([icon("i")], { type: "illustration" });
    expect(sources()).toEqual(["/p/i.svg"]);
    expect(illustration.fetched).toEqual([]);
    render(null, container);
    container.remove();
    const none = mount([icon("n")], { width: null });
    expect(sources()).toEqual(["/p/n.svg"]);
    expect(none.fetched).toEqual([]);
  });

  it("keeps showing the service's picture when a width is first chosen, until the redrawing is ready", async () => {
    const { look, fetched } = mount([icon("a")], { width: null });
    expect(sources()).toEqual(["/p/a.svg"]);
    act(() => {
      look.value = { width: 2, size: 24 };
    });
    // No empty square in between: the drawing already shown stays while its SVG is fetched.
    expect(container.querySelectorAll(".preview--pending")).toHaveLength(0);
    expect(sources()).toEqual(["/p/a.svg"]);
    await settle();
    expect(fetched).toEqual(["/p/a.svg"]);
    expect(svgIn(sources()[0])).toMatch(/stroke-width:2px/);
  });

  it("tints the redrawn image: the colour mask uses it", async () => {
    mount([icon("a")], { tint: "#e03e1a" });
    await settle();
    const tint = container.querySelector<HTMLElement>(".preview__tint");
    const [src] = sources();
    expect(svgIn(src)).toMatch(/stroke-width:1px/);
    expect(tint?.getAttribute("style")).toContain(src!.slice(0, 60));
  });
});

describe("a plain line icon at the chosen stroke width", () => {
  const canvases = () => [...container.querySelectorAll("canvas")];

  it("is painted on a canvas, never an image of the file, and repaints a new width at once", async () => {
    const { look, fetched } = mount([icon("plain-a"), icon("plain-b")]);
    await settle();
    expect(container.querySelectorAll("img, svg, script, path")).toHaveLength(0);
    expect(canvases().map((c) => c.getAttribute("data-stroke"))).toEqual(["1", "1"]);
    expect(canvases()[0]?.className).toBe("preview preview--icon preview--canvas");
    act(() => {
      look.value = { width: 2.5, size: 24 };
    });
    expect(container.querySelectorAll(".preview--pending")).toHaveLength(0);
    expect(canvases().map((c) => c.getAttribute("data-stroke"))).toEqual(["2.5", "2.5"]);
    expect(fetched).toEqual(["/p/plain-a.svg", "/p/plain-b.svg"]);
  });

  it("is painted in the colour chosen, which the dark theme's inversion leaves alone", async () => {
    mount([icon("plain-a")], { tint: "#e03e1a" });
    await settle();
    expect(canvases()[0]?.classList.contains("preview--painted")).toBe(true);
  });
});
