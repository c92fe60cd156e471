// @vitest-environment happy-dom
// A cell whose picture is still on its way shows a placeholder (grid.css draws it for a preview
// marked data-loading), never a blank; the mark goes once the picture has loaded, and comes back
// only when the cell draws it another way (its mask over the insert bar's colour), not for a new
// link on the same picture, which the browser keeps showing until the new one is decoded.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { Preview } from "../../../src/ui/grid/Preview";

const icon: Asset = {
  uuid: "a1",
  name: "arrow-up",
  urls: { svg: "http://127.0.0.1:1/a1.svg", original: "http://127.0.0.1:1/a1.svg" },
  // One colour, so the insert bar's colour can tint it.
  styles: ["line"],
} as unknown as Asset;

afterEach(() => {
  document.body.innerHTML = "";
});

function mount(tint: string | null) {
  const container = document.createElement("div");
  document.body.append(container);
  const draw = (t: string | null) =>
    act(() => render(<Preview asset={icon} type="icon" eager tint={t} />, container));
  draw(tint);
  return { container, draw };
}

describe("a cell's picture while it loads", () => {
  it("is marked loading until its picture has loaded", () => {
    const { container } = mount(null);
    const img = container.querySelector("img")!;
    expect(img.hasAttribute("data-loading")).toBe(true);
    act(() => {
      img.dispatchEvent(new Event("load"));
    });
    expect(container.querySelector("img")!.hasAttribute("data-loading")).toBe(false);
  });

  it("is marked again when it turns into a mask over a colour, until that has loaded", () => {
    const { container, draw } = mount(null);
    act(() => {
      container.querySelector("img")!.dispatchEvent(new Event("load"));
    });
    draw("#ff0000");
    const wrapper = container.querySelector(".preview--tinted");
    if (!wrapper) return expect.fail("the icon is not tintable in this fixture");
    expect(wrapper.hasAttribute("data-loading")).toBe(true);
    act(() => {
      wrapper.querySelector("img")!.dispatchEvent(new Event("load"));
    });
    expect(container.querySelector(".preview--tinted")!.hasAttribute("data-loading")).toBe(false);
  });
});

describe("a tinted picture given a new link", () => {
  it("keeps the old mask until the new picture has loaded", () => {
    const container = document.createElement("div");
    document.body.append(container);
    const draw = (asset: Asset) =>
      act(() => render(<Preview asset={asset} type="icon" eager tint="#ff0000" />, container));
    draw(icon);
    const tintOf = () => container.querySelector<HTMLElement>(".preview__tint")!.style.maskImage;
    act(() => {
      container.querySelector("img")!.dispatchEvent(new Event("load"));
    });
    const old = tintOf();
    expect(old).toContain("a1.svg");
    const redrawn = { ...icon, urls: { svg: "http://127.0.0.1:1/a1-2.svg" } } as unknown as Asset;
    draw(redrawn);
    expect(tintOf()).toBe(old);
    act(() => {
      container.querySelector("img")!.dispatchEvent(new Event("load"));
    });
    expect(tintOf()).toContain("a1-2.svg");
  });
});
