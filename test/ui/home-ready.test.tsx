// @vitest-environment happy-dom
// The home mounted alone: the mark the bench's cold start ends on (set once, when every set card
// holds its count and samples), and the cards' pictures asked for at once, not by the lazy loader.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, expect, it } from "vitest";
import type { Asset } from "../../src/api/contract/spec-objects";
import type { RecentAsset, RecentSearch } from "../../src/messages/types";
import { Home } from "../../src/ui/home/Home";
import type { SetEntry } from "../../src/ui/sets/sets-store";

const HOME_READY = "assetport:home-ready";
const sample = (i: number): Asset => ({
  uuid: `u${i}`,
  name: `icon ${i}`,
  urls: { png_64: `http://127.0.0.1:8787/p/${i}.png` },
});
const counted = (name: string, count: number | null): SetEntry => ({
  name,
  label: name,
  count,
  samples: count === null ? [] : [sample(1), sample(2)],
});

afterEach(() => {
  performance.clearMarks(HOME_READY);
  document.body.innerHTML = "";
});

it("marks the home ready once, when every set card holds its count and samples", async () => {
  const list = signal<SetEntry[]>([]);
  const recent = { assets: signal<RecentAsset[]>([]), searches: signal<RecentSearch[]>([]) };
  const root = document.createElement("div");
  document.body.append(root);
  const noop = () => undefined;
  await act(() =>
    render(
      <Home
        type="icon"
        sets={{ list }}
        counts={{
          ofSet: (set) => (set.count === null ? null : { count: set.count, about: false }),
          variantsOf: () => "",
        }}
        recent={recent}
        onInsert={noop}
        onPreviewFail={noop}
        onSearch={noop}
        onChooseSet={noop}
      />,
      root,
    ),
  );
  const marks = () => performance.getEntriesByName(HOME_READY).length;
  expect(marks()).toBe(0);
  await act(() => {
    list.value = [counted("phosphor", 40), counted("tabler", null)];
  });
  expect(marks()).toBe(0);
  await act(() => {
    list.value = [counted("phosphor", 40), counted("tabler", 90)];
  });
  expect(marks()).toBe(1);
  // The cards are the home's first content: their pictures load at once.
  const pictures = [...root.querySelectorAll(".set-card img")];
  expect(pictures.length).toBe(4);
  expect(pictures.every((img) => img.getAttribute("loading") === "eager")).toBe(true);
  // Counted again (another query), the mark stays the window's first.
  await act(() => {
    list.value = [counted("phosphor", 3), counted("tabler", 12)];
  });
  expect(marks()).toBe(1);
});
