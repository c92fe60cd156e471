// @vitest-environment happy-dom
// The picture options say what lands, in one line under them: the size on the canvas and, at 2x,
// the image's own pixels; for an animation, its size and whether it moves. The numbers are the
// insert plan's own, so the line follows every choice.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { AssetType } from "../../../src/api/contract/tables";
import type { Settings } from "../../../src/messages/types";
import { PictureOptions } from "../../../src/ui/insert-bar/PictureOptions";
import { pictureOutcome } from "../../../src/ui/insert-bar/picture-outcome";

const base = { rasterSize: 256, rasterDensity: 1, lottieAs: "gif" } as const;

describe("the picture options' outcome", () => {
  it("states the box and, at 2x, the image's pixels", () => {
    expect(pictureOutcome("3d", base)).toBe("256 px on the canvas");
    expect(pictureOutcome("3d", { ...base, rasterDensity: 2 })).toBe("256 px on the canvas · 512 px image");
    expect(pictureOutcome("ai-image", { ...base, rasterSize: 1024, rasterDensity: 2 })).toBe(
      "1024 px on the canvas · 2048 px image",
    );
    // Figma's 4096 px cap: 2048 at 2x is exactly at it.
    expect(pictureOutcome("3d", { ...base, rasterSize: 2048, rasterDensity: 2 })).toBe(
      "2048 px on the canvas · 4096 px image",
    );
  });

  it("states an animation's size and whether it moves", () => {
    expect(pictureOutcome("lottie", { ...base, rasterSize: 512 })).toBe("512 px moving GIF");
    expect(pictureOutcome("lottie", { ...base, lottieAs: "first-frame" })).toBe("256 px still image");
  });

  it("says nothing for types the bar has no picture options for", () => {
    expect(pictureOutcome("icon", base)).toBe("");
    expect(pictureOutcome("illustration", base)).toBe("");
  });
});

describe("the picture options in the bar", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  function mount(type: AssetType) {
    const settings = signal({ ...base } as unknown as Settings);
    const store = {
      settings,
      update: async (patch: Partial<Settings>) => {
        settings.value = { ...settings.value, ...patch };
      },
    };
    const container = document.createElement("div");
    document.body.append(container);
    const draw = () => render(<PictureOptions settings={store} type={type} />, container);
    return { container, draw };
  }

  const click = (root: Element, name: string, value: string) =>
    act(() => root.querySelector<HTMLElement>(`[data-name="${name}"] [data-value="${value}"]`)?.click());

  it("shows the outcome under the choices and follows them", async () => {
    const { container, draw } = mount("3d");
    await act(draw);
    const line = () => container.querySelector(".picture-options__outcome")?.textContent;
    expect(line()).toBe("256 px on the canvas");
    await click(container, "rasterDensity", "2");
    await act(draw);
    expect(line()).toBe("256 px on the canvas · 512 px image");
    await click(container, "rasterSize", "512");
    await act(draw);
    expect(line()).toBe("512 px on the canvas · 1024 px image");
    // The group is described by it, for a screen reader.
    const group = container.querySelector('[role="group"]');
    expect(group?.getAttribute("aria-describedby")).toBe(
      container.querySelector(".picture-options__outcome")?.id,
    );
  });

  it("says moving or still for an animation", async () => {
    const { container, draw } = mount("lottie");
    await act(draw);
    await click(container, "lottieAs", "first-frame");
    await act(draw);
    expect(container.querySelector(".picture-options__outcome")?.textContent).toBe("256 px still image");
  });
});
