// @vitest-environment happy-dom
// A line weight a set has no drawing of (Bold, Light, Thin while Tabler draws one 2 px outline) is
// drawn from the set's outline with its lines scaled: the cell shows it (the stroke previews), the
// tooltip says so with the width, and what is inserted, dropped or switched on the selected icons
// carries the same scale. A stroke width chosen in the insert bar wins over it.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { createCopySvg } from "../../../src/ui/detail/copy-svg-store";
import { DetailPanel } from "../../../src/ui/detail/DetailPanel";
import type { SvgText } from "../../../src/ui/preview/fetch-svg-text";
import { prepareSvg } from "../../../src/ui/preview/stroke-rewrite";
import {
  createStrokedPreviews,
  StrokedPreviewsContext,
  strokeLookOf,
} from "../../../src/ui/preview/stroked-previews";
import { groupVariants } from "../../../src/ui/variants/group-variants";
import { WEIGHT_SCALE, weightNote, weightScale } from "../../../src/ui/variants/weight-stroke";
import { fakePlugin, selectionOf } from "../support/fake-plugin";
import { json, PROXY, type Route } from "../support/fake-service";
import { iconItem } from "../support/icon-items";
import { buildApp, fakeLayout, settle } from "../support/mount";
import { appGrid } from "../support/mount-grid";
import { downloadRoute, fileRoute } from "../support/routes";

/** Tabler's outline home, as the package draws it: 2 px lines on a 24 px grid. */
const TABLER =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" ' +
  'stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path stroke="none" d="M0 0h24v24H0z" fill="none"/><path d="M5 12l-2 0l9 -9l9 9l-2 0"/>' +
  '<path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2 -2v-7"/></svg>';
/** Phosphor's drawings are filled outlines: no line to scale. */
const PHOSPHOR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256"><path d="M0 0h9v9z"/></svg>';

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];
const icon = (set: string, name: string, variant: string) => iconItem(set, name, variant, { price: "free" });
const ITEMS = [
  ...WEIGHTS.map((w) => icon("phosphor", "house", w)),
  icon("tabler", "home", "outline"),
  icon("tabler", "home", "filled"),
];
const asAsset = (item: ReturnType<typeof icon>) => item as unknown as Asset;

const searchRoute: Route = (url) =>
  url.pathname === "/v3/search" ? json({ items: { total: ITEMS.length, data: ITEMS } }) : undefined;

/** Tabler's files as the package has them (the other sets' from the generic route). */
const tablerFile: Route = (url) =>
  url.pathname.startsWith("/files/tabler")
    ? new Response(TABLER, { headers: { "content-type": "image/svg+xml" } })
    : undefined;

async function mountWeights(
  settings: Record<string, unknown> = {},
  files: Route[] = [],
  copyText?: (text: string) => boolean,
) {
  const storage = new Map<string, unknown>([["settings", { proxyUrl: PROXY, ...settings }]]);
  const plugin = fakePlugin({ storage });
  const { app } = buildApp({ routes: [searchRoute, downloadRoute(), ...files, fileRoute], plugin });
  // The copy command, seen: happy-dom has none.
  const stores = copyText
    ? { ...app.placing, copySvg: createCopySvg({ insert: app.insert, copyText }) }
    : app.placing;
  const previews = createStrokedPreviews({
    look: strokeLookOf(app.settings.settings),
    fetchText: async (url): Promise<SvgText> => ({
      kind: "text",
      text: url.includes("tabler") ? TABLER : PHOSPHOR,
    }),
  });
  const container = document.createElement("div");
  document.body.append(container);
  const Results = () => (
    <StrokedPreviewsContext.Provider value={previews}>
      {appGrid(app, { resetKey: app.search.key.value })}
      <DetailPanel stores={stores} />
    </StrokedPreviewsContext.Provider>
  );
  await act(() => render(<Results />, container));
  await act(() => app.start());
  await settle();
  return { app, plugin, container };
}

/** Picks a weight as a designer does: opens the weight menu, clicks the row. */
const choose = async (container: Element, value: string) => {
  if (!container.querySelector('[aria-label="Variant"]'))
    await act(() => container.querySelector<HTMLElement>(".weight-menu > button")?.click());
  await act(() =>
    container
      .querySelector<HTMLElement>(`[aria-label="Variant"] [role="radio"][data-value="${value}"]`)
      ?.click(),
  );
  await settle();
};
const tabler = (container: Element) => container.querySelector('[role="gridcell"][data-index="1"]');
/** The scale a cell's picture is drawn at (a canvas or a redrawn image), "" when none. */
const scaleIn = (cell: Element | null) =>
  cell?.querySelector("[data-scale]")?.getAttribute("data-scale") ?? "";

async function noteOf(cell: Element | null) {
  await act(() => {
    cell?.dispatchEvent(new MouseEvent("mouseenter", { bubbles: false }));
  });
  const text = document.querySelector('[role="tooltip"] .cell-tip__note')?.textContent;
  await act(() => {
    cell?.dispatchEvent(new MouseEvent("mouseleave", { bubbles: false }));
  });
  return text;
}

describe("the weight mapping", () => {
  const [house, home] = groupVariants(ITEMS.map(asAsset));

  it("scales a set's outline for the line weights it lacks, and nothing it has or a bar width", () => {
    expect(weightScale(home!, "bold", null)).toBe(WEIGHT_SCALE.bold);
    expect(weightScale(home!, "thin", null)).toBe(WEIGHT_SCALE.thin);
    expect(weightScale(home!, "light", null)).toBe(WEIGHT_SCALE.light);
    // A drawing of its own, or a shape (Fill, Duotone: its filled drawing), or Regular itself.
    expect(weightScale(house!, "bold", null)).toBeUndefined();
    expect(weightScale(home!, "duotone", null)).toBeUndefined();
    expect(weightScale(home!, "regular", null)).toBeUndefined();
    // The designer's own width in the insert bar wins.
    expect(weightScale(home!, "bold", 1.5)).toBeUndefined();
  });

  it("says what is shown, with the width once the drawing's own is known", () => {
    expect(weightNote("Tabler has no Bold", 1.375, 2)).toBe("Tabler has no Bold: drawn at 2.75 px");
    expect(weightNote("Tabler has no Thin", 0.5, 2)).toBe("Tabler has no Thin: drawn at 1 px");
    expect(weightNote("Tabler has no Bold", 1.375, undefined)).toBe(
      "Tabler has no Bold: drawn with thicker lines",
    );
    // No lines to scale: only why.
    expect(weightNote("Tabler has no Bold", 1.375, null)).toBe("Tabler has no Bold");
    expect(weightNote(undefined, 1.375, 2)).toBeUndefined();
  });

  it("reads a drawing's own line width, the one most of its lines have", () => {
    const prepared = prepareSvg(TABLER);
    expect(prepared.kind === "stroked" && prepared.own).toBe(2);
    const mixed = prepareSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48" stroke="#000">' +
        '<path d="M1 1h9" stroke-width="3"/><path d="M1 4h9" style="stroke-width:4"/><path d="M1 8h9" stroke-width="4"/>' +
        '<g transform="scale(2)"><path d="M1 1h9"/></g></svg>',
    );
    // Two lines of 4, one of 3, and one of SVG's default 1 drawn twice as large.
    expect(mixed.kind === "stroked" && mixed.own).toBe(4);
  });
});

describe("a weight the set lacks, in the grid", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("draws Tabler's cells with thicker lines for Bold and thinner for Thin, and says at what width", async () => {
    const ui = await mountWeights();
    expect(scaleIn(tabler(ui.container))).toBe("");
    await choose(ui.container, "bold");
    expect(tabler(ui.container)?.getAttribute("aria-label")).toBe("Home, Tabler, Outline");
    expect(scaleIn(tabler(ui.container))).toBe("1.125");
    // Phosphor has a Bold of its own: drawn as it is.
    expect(scaleIn(ui.container.querySelector('[role="gridcell"][data-index="0"]'))).toBe("");
    expect(await noteOf(tabler(ui.container))).toBe("Tabler has no Bold: drawn at 2.25 px");
    await choose(ui.container, "thin");
    expect(scaleIn(tabler(ui.container))).toBe("0.375");
    expect(await noteOf(tabler(ui.container))).toBe("Tabler has no Thin: drawn at 0.75 px");
    // At 48 px Tabler's lines are 4 px: Thin is 1.5.
    await act(() => ui.app.settings.update({ iconSize: 48 }));
    await settle();
    expect(await noteOf(tabler(ui.container))).toBe("Tabler has no Thin: drawn at 1.5 px");
  });

  it("inserts and drops what the cell shows: the outline with its lines scaled", async () => {
    const ui = await mountWeights();
    await choose(ui.container, "bold");
    await act(() => (tabler(ui.container) as HTMLElement).click());
    await settle();
    expect(ui.plugin.sentOf("insert")[0]?.payload).toMatchObject({
      asset: { uuid: "tabler-home-outline" },
      options: { strokeScale: WEIGHT_SCALE.bold },
    });
    // Regular: the outline as drawn.
    await choose(ui.container, "regular");
    await act(() => (tabler(ui.container) as HTMLElement).click());
    await settle();
    expect(ui.plugin.sentOf("insert")[1]?.payload.options).not.toHaveProperty("strokeScale");
  });

  it("shows and inserts it so in the details opened from that cell, until another variant is picked", async () => {
    const ui = await mountWeights();
    await choose(ui.container, "bold");
    await act(() => {
      tabler(ui.container)?.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    });
    await settle();
    const dialog = ui.container.querySelector('[role="dialog"]');
    expect(dialog?.querySelector(".detail__subtitle")?.textContent).toBe("Tabler · Outline · drawn as Bold");
    expect(scaleIn(dialog?.querySelector(".detail__preview") ?? null)).toBe("1.125");
    const insertButton = () =>
      [...(dialog?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Insert");
    await act(() => insertButton()?.click());
    await settle();
    expect(ui.plugin.sentOf("insert")[0]?.payload).toMatchObject({
      asset: { uuid: "tabler-home-outline" },
      options: { strokeScale: WEIGHT_SCALE.bold },
    });
    // Its filled drawing picked instead: a real drawing, placed as it is.
    await act(() => dialog?.querySelector<HTMLElement>('[role="radio"][aria-label="Filled"]')?.click());
    await settle();
    expect(dialog?.querySelector(".detail__subtitle")?.textContent).toBe("Tabler · Filled");
    await act(() => insertButton()?.click());
    await settle();
    expect(ui.plugin.sentOf("insert")[1]?.payload.options).not.toHaveProperty("strokeScale");
  });

  it("copies from those details the lines their picture shows", async () => {
    const copied: string[] = [];
    const ui = await mountWeights({}, [tablerFile], (text) => {
      copied.push(text);
      return true;
    });
    await choose(ui.container, "bold");
    await act(() => {
      tabler(ui.container)?.dispatchEvent(new KeyboardEvent("keydown", { key: " ", bubbles: true }));
    });
    await settle();
    const dialog = ui.container.querySelector('[role="dialog"]');
    expect(scaleIn(dialog?.querySelector(".detail__preview") ?? null)).toBe(String(WEIGHT_SCALE.bold));
    const copy = [...(dialog?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Copy SVG");
    await act(() => copy?.click());
    await settle();
    // Tabler's 2-unit lines times Bold's scale, as the cell and the picture draw them.
    expect(copied).toHaveLength(1);
    expect(copied[0]).toContain(`stroke-width:${2 * WEIGHT_SCALE.bold!}px`);
  });

  it("lets a stroke width chosen in the insert bar win, in the cell and on insert", async () => {
    const ui = await mountWeights({ iconStrokeWidth: 1.5 });
    await choose(ui.container, "bold");
    expect(scaleIn(tabler(ui.container))).toBe("");
    expect(tabler(ui.container)?.querySelector("[data-stroke]")?.getAttribute("data-stroke")).toBe("1.5");
    // Its outline at the bar's width, as it is: the note says which drawing shows.
    expect(await noteOf(tabler(ui.container))).toBe("Tabler has no Bold: shown in Outline");
    await act(() => (tabler(ui.container) as HTMLElement).click());
    await settle();
    const options = ui.plugin.sentOf("insert")[0]?.payload.options;
    expect(options).toMatchObject({ strokeWidth: 1.5 });
    expect(options).not.toHaveProperty("strokeScale");
  });

  it("turns a selected Tabler icon bold, and back, though it is the same drawing", async () => {
    const ui = await mountWeights();
    const placed = {
      id: "1:2",
      name: "home",
      nodeType: "FRAME",
      width: 24,
      height: 24,
      exportable: true,
      hasImageFill: false,
      assetUuid: "tabler-home-outline",
      assetType: "icon" as const,
    };
    await act(() => ui.plugin.emit("selection-changed", selectionOf(placed)));
    await choose(ui.container, "bold");
    expect(ui.plugin.sentOf("replace-selection")[0]?.payload).toMatchObject({
      asset: { uuid: "tabler-home-outline" },
      options: { strokeScale: WEIGHT_SCALE.bold },
    });
    await choose(ui.container, "regular");
    expect(ui.plugin.sentOf("replace-selection")).toHaveLength(2);
    expect(ui.plugin.sentOf("replace-selection")[1]?.payload.options).not.toHaveProperty("strokeScale");
    // Regular to Regular's neighbour in Phosphor only (Fill: Tabler's filled drawing) is a new drawing.
    await choose(ui.container, "fill");
    expect(ui.plugin.sentOf("replace-selection")[2]?.payload).toMatchObject({
      asset: { uuid: "tabler-home-filled" },
    });
  });
});
