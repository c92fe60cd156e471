// @vitest-environment happy-dom
// The recent strip sits at the top of the home, every picture of it in view as the window opens:
// they load at once. Lazy, Chromium waits for a layout and its visibility check before even asking
// for them, and the home that shows them paints later for it.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { expect, it } from "vitest";
import type { RecentAsset } from "../../../src/messages/types";
import { RecentStrip } from "../../../src/ui/recent/RecentStrip";

it("loads its pictures at once, not once scrolled to", () => {
  const assets = signal<RecentAsset[]>(
    Array.from({ length: 8 }, (_, i) => ({
      uuid: `icon-${i}`,
      name: `icon ${i}`,
      type: "icon",
      previewUrl: `http://local-api.invalid/previews/icon-${i}.png`,
      usedAt: i,
    })),
  );
  const container = document.createElement("div");
  act(() =>
    render(
      <RecentStrip recent={{ assets }} type="icon" onInsert={() => {}} onPreviewFail={() => {}} />,
      container,
    ),
  );
  const pictures = [...container.querySelectorAll("img")];
  expect(pictures).toHaveLength(8);
  expect(pictures.map((img) => img.getAttribute("loading"))).toEqual(Array(8).fill("eager"));
});
