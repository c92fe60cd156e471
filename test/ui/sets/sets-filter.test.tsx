// @vitest-environment happy-dom
// The row of set chips: a quiet bar while a set is counted, no row of zeros, and a set with
// nothing found disabled unless it is the one chosen.
import { signal } from "@preact/signals";
import { render } from "preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SetsFilter } from "../../../src/ui/sets/SetsFilter";
import type { SetEntry } from "../../../src/ui/sets/sets-store";
import type { IconCount } from "../../../src/ui/variants/icon-estimate";

const host = document.createElement("div");
afterEach(() => render(null, host));

function mount(all: IconCount | null, bySet: Record<string, IconCount | null>, chosen: string | null = null) {
  const list = Object.keys(bySet).map(
    (name): SetEntry => ({
      name,
      label: name.charAt(0).toUpperCase() + name.slice(1),
      count: 1,
      samples: [],
    }),
  );
  const counts = {
    all: signal(all),
    ofSet: (set: SetEntry) => bySet[set.name],
    variantsOf: () => "",
  };
  render(
    <SetsFilter sets={{ list: signal(list) }} counts={counts} chosen={signal(chosen)} choose={() => {}} />,
    host,
  );
  return [...host.querySelectorAll<HTMLButtonElement>(".sets__option")];
}

describe("the set chips", () => {
  it("show a quiet bar, not an ellipsis, where a figure is still counted", () => {
    const chips = mount(null, { phosphor: { count: 40, about: false }, tabler: null });
    // The full figure (a narrow row shows its short twin instead, by CSS).
    const shown = (c: HTMLElement) =>
      `${c.querySelector(".sets__name")?.textContent}${c.querySelector(".sets__count")?.textContent ?? ""}`;
    expect(chips.map(shown)).toEqual(["All sets", "Phosphor40", "Tabler"]);
    expect(host.textContent).not.toContain("…");
    expect(chips[0]!.querySelector(".sets__pending")).not.toBeNull();
    expect(chips[2]!.querySelector(".sets__pending")).not.toBeNull();
    expect(chips[1]!.querySelector(".sets__pending")).toBeNull();
  });

  it("hide the row when nothing is found in any set", () => {
    const none = { count: 0, about: false };
    expect(mount(none, { phosphor: none, tabler: none })).toHaveLength(0);
    expect(host.querySelector(".sets")).toBeNull();
  });

  it("disable a set with nothing found, unless it is the one chosen", () => {
    const chips = mount(
      { count: 12, about: false },
      { phosphor: { count: 0, about: false }, tabler: { count: 12, about: false } },
    );
    expect(chips.map((c) => c.disabled)).toEqual([false, true, false]);
    const chosen = mount(
      { count: 0, about: false },
      { phosphor: { count: 0, about: false }, tabler: { count: 0, about: false } },
      "tabler",
    );
    // The chosen set stays to be seen and left; the others have nothing to offer.
    expect(chosen.map((c) => c.disabled)).toEqual([true, true, false]);
  });
});

describe("the chips' figures on a window's first render", () => {
  // The first number formatted through Intl sets up the browser's number formatter: tens of ms of a
  // fresh window's first render (src/ui/count-text.ts). The chips write theirs without it.
  afterEach(() => vi.restoreAllMocks());

  it("are written without the browser's number formatter", () => {
    const formatted = vi.spyOn(Number.prototype, "toLocaleString");
    const numberFormat = vi.spyOn(Intl, "NumberFormat");
    const chips = mount({ count: 123_456, about: false }, { phosphor: { count: 1512, about: false } });
    expect(chips.map((c) => c.querySelector(".sets__count")?.textContent)).toEqual(["123,456", "1,512"]);
    expect(formatted).not.toHaveBeenCalled();
    expect(numberFormat).not.toHaveBeenCalled();
  });
});
