// @vitest-environment happy-dom
// Find similar's look-alikes often come one drawing each: a filled gear alone is no answer to "like
// this outline", so under a line weight it is left out (never moved: the cells shown keep their
// places), and Fill shows them (the tab's count line says how many: test/ui/similar/filled-only).
// The search grid keeps every icon.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { readVariant } from "../../../src/api/client/asset-names";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { drawnForChoice, groupVariants, shownMember } from "../../../src/ui/variants/group-variants";
import { fakePlugin } from "../support/fake-plugin";
import { PROXY } from "../support/fake-service";
import { iconItem } from "../support/icon-items";
import { buildApp, fakeLayout, settle } from "../support/mount";
import { appGrid, iconsRoute } from "../support/mount-grid";

const ITEMS = [
  iconItem("phosphor", "house", "regular"),
  iconItem("phosphor", "house", "fill"),
  iconItem("tabler", "gear", "filled"),
  iconItem("tabler", "home", "outline"),
  iconItem("phosphor", "star", "duotone"),
];

async function mount(lineWeightsOnly: boolean) {
  const plugin = fakePlugin({ storage: new Map([["settings", { proxyUrl: PROXY }]]) });
  const { app } = buildApp({ routes: [iconsRoute(ITEMS)], plugin });
  const container = document.createElement("div");
  document.body.append(container);
  const Results = () => appGrid(app, { lineWeightsOnly });
  await act(() => render(<Results />, container));
  await act(() => app.start());
  await settle();
  return { app, container };
}

const labels = (root: Element) =>
  [...root.querySelectorAll('[role="gridcell"]')].map((c) => c.getAttribute("aria-label"));

describe("look-alikes drawn only filled", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("belong under Fill and Duotone, not under a line weight", () => {
    const [house, gear, home, star] = groupVariants(ITEMS as unknown as Asset[]);
    expect(drawnForChoice(gear!, "regular")).toBe(false);
    expect(drawnForChoice(star!, "bold")).toBe(false);
    expect(drawnForChoice(gear!, "fill")).toBe(true);
    expect(drawnForChoice(house!, "regular")).toBe(true);
    expect(drawnForChoice(home!, "thin")).toBe(true);
    expect(drawnForChoice(gear!, null)).toBe(true);
  });

  it("under a line weight, a look-alike with a line drawing among its shapes shows that line drawing", () => {
    // Phosphor's gear met as Fill first and Bold later, its Regular not among the look-alikes: the
    // cell under Regular is the Bold gear (its nearest line drawing), never the filled one.
    const [gear] = groupVariants([
      iconItem("phosphor", "gear", "fill"),
      iconItem("phosphor", "gear", "bold"),
      iconItem("phosphor", "gear", "duotone"),
    ] as unknown as Asset[]);
    for (const weight of ["thin", "light", "regular", "bold"]) {
      expect(drawnForChoice(gear!, weight), weight).toBe(true);
      expect(readVariant(shownMember(gear!, weight)), weight).toBe("bold");
    }
    expect(readVariant(shownMember(gear!, "fill"))).toBe("fill");
    // And what is shown decides what is left out: nothing filled stands under a line weight.
    const [fillOnly] = groupVariants([
      iconItem("phosphor", "sun", "fill"),
      iconItem("phosphor", "sun", "duotone"),
    ] as unknown as Asset[]);
    expect(drawnForChoice(fillOnly!, "regular")).toBe(false);
  });

  it("are left out of Find similar under Regular, and shown under Fill", async () => {
    const ui = await mount(true);
    expect(labels(ui.container)).toEqual(["House, Phosphor, Regular", "Home, Tabler, Outline"]);
    await act(() => ui.app.placing.look.chooseVariant("fill"));
    await settle();
    expect(ui.app.settings.settings.peek().iconVariant).toBe("fill");
    expect(labels(ui.container)).toEqual([
      "House, Phosphor, Fill",
      "Gear, Tabler, Filled",
      "Home, Tabler, Outline",
      "Star, Phosphor, Duotone",
    ]);
  });

  it("stay in the search grid, marked", async () => {
    const ui = await mount(false);
    expect(labels(ui.container)).toHaveLength(4);
    // The filled gear (a stand-in under Regular, so after the real drawings) carries the mark.
    expect(
      ui.container.querySelector('[role="gridcell"][data-name="gear"]')?.hasAttribute("data-lacking"),
    ).toBe(true);
  });
});
