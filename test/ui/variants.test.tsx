// @vitest-environment happy-dom
// One icon, one cell: the results grid and the details mounted alone over their own stores, fed by a
// scripted search whose icons come in Phosphor's weights and Tabler's outline and filled.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { DetailPanel } from "../../src/ui/detail/DetailPanel";
import { PlacingGrid } from "../../src/ui/grid/PlacingGrid";
import { SEARCH_PAGE } from "../../src/ui/search/search-store";
import { WEIGHT_SCALE } from "../../src/ui/variants/weight-stroke";
import { fakePlugin, selectionOf } from "./support/fake-plugin";
import { heldAnswer, json, PROXY, type Route } from "./support/fake-service";
import { type IconItem, iconItem } from "./support/icon-items";
import { buildApp, fakeLayout, settle } from "./support/mount";
import { downloadRoute, fileRoute } from "./support/routes";

const WEIGHTS = ["regular", "bold", "light", "thin", "fill", "duotone"];

/** Every icon here is free: the details say so on their price line. */
const icon = (set: string, name: string, variant: string) => iconItem(set, name, variant, { price: "free" });

/** Pages of icons in the order given (the store asks for SEARCH_PAGE a page: the route slices itself). */
function pagedRoute(pages: IconItem[][]): Route {
  return (url) => {
    if (url.pathname !== "/v3/search") return undefined;
    const page = Number(url.searchParams.get("page") ?? 1);
    const total = pages.flat().length;
    return json({ items: { total, data: pages[page - 1] ?? [] } });
  };
}

const ROCKETS = [
  ...WEIGHTS.map((w) => icon("phosphor", "rocket-launch", w)),
  icon("tabler", "rocket", "outline"),
  icon("tabler", "rocket", "filled"),
  icon("local", "plain", ""),
];

/** An item's full record: its summary plus what only details carry (some of it for machines only). */
const itemRoute: Route = (url) => {
  const uuid = decodeURIComponent(url.pathname.match(/^\/v3\/items\/([^/]+)$/)?.[1] ?? "");
  const found = ROCKETS.find((r) => r.uuid === uuid);
  if (!found) return undefined;
  const additional_informations = {
    svg_bytes: 812,
    view_box: "0 0 256 256",
    width: 256,
    height: 256,
    released_in: "2.0",
  };
  return json({ item: { ...found, license: { name: "MIT", url: "/l" }, additional_informations } });
};

async function mountResults(routes: Route[], storage?: Map<string, unknown>) {
  const plugin = fakePlugin(storage ? { storage } : {});
  const built = buildApp({ routes: [...routes, downloadRoute(), fileRoute, itemRoute], plugin });
  const { app } = built;
  const container = document.createElement("div");
  document.body.append(container);
  const Results = () => (
    <div class="results">
      <PlacingGrid
        stores={app.placing}
        items={app.search.items.value}
        type="icon"
        focusIndex={app.focusIndex}
        loading={app.search.status.value === "loading"}
        onPreviewFail={() => undefined}
        onNearEnd={() => app.search.loadMore()}
        onExitTop={() => undefined}
        resetKey={app.search.key.value}
      />
      <DetailPanel stores={app.placing} />
    </div>
  );
  await act(() => render(<Results />, container));
  await act(() => app.start());
  await settle();
  return { ...built, container };
}

const labels = (root: Element) =>
  [...root.querySelectorAll('[role="gridcell"]')].map((c) => c.getAttribute("aria-label"));
const click = (el: Element | null | undefined) => act(() => (el as HTMLElement | null)?.click());
/** The weight menu's button ("Regular ▾"). */
const weightButton = (root: Element) => root.querySelector<HTMLElement>(".weight-menu > button");
/** The weight menu, opened when it is not. */
async function weightsMenu(root: Element) {
  if (!root.querySelector('[aria-label="Variant"]')) await click(weightButton(root));
  return root.querySelector('[aria-label="Variant"]');
}
/** Picks a weight as a designer does: opens the menu, clicks the row. */
async function pick(root: Element, value: string) {
  await click((await weightsMenu(root))?.querySelector(`[role="radio"][data-value="${value}"]`));
}
async function segments(root: Element) {
  const menu = await weightsMenu(root);
  const offered = [...(menu?.querySelectorAll<HTMLElement>('[role="radio"]') ?? [])].map((b) =>
    b.getAttribute("aria-label"),
  );
  await click(weightButton(root));
  return offered;
}
const press = (el: Element | null | undefined, key: string) =>
  act(() => {
    el?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
  });

/** The tooltip a cell shows on hover. */
async function tipOf(cell: Element | null | undefined, part = ".cell-tip__text") {
  await act(() => {
    cell?.dispatchEvent(new MouseEvent("mouseenter", { bubbles: false }));
  });
  const text = document.querySelector(`[role="tooltip"] ${part}`)?.textContent;
  await act(() => {
    cell?.dispatchEvent(new MouseEvent("mouseleave", { bubbles: false }));
  });
  return text;
}

describe("one icon, one cell", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("shows each icon once, named in words with its set and variant, its variants counted", async () => {
    const ui = await mountResults([pagedRoute([ROCKETS])]);
    expect(labels(ui.container)).toEqual([
      "Rocket launch, Phosphor, Regular",
      "Rocket, Tabler, Outline",
      "Plain, Local",
    ]);
    const first = ui.container.querySelector('[data-index="0"]');
    // A tooltip of the window's own, not the browser's title.
    expect(first?.hasAttribute("title")).toBe(false);
    expect(await tipOf(first)).toBe("Rocket launch · Phosphor · 6 weights");
    // Keyboard focus shows it too, and the cell is described by it.
    await act(() => (first as HTMLElement | null)?.focus());
    expect(document.querySelector('[role="tooltip"] .cell-tip__text')?.textContent).toBe(
      "Rocket launch · Phosphor · 6 weights",
    );
    expect(first?.getAttribute("aria-describedby")).toBe("cell-tip");
    expect(first?.getAttribute("data-name")).toBe("rocket-launch");
  });

  it("offers the variants present, and the chosen one is what every cell shows, the nearest where missing", async () => {
    const ui = await mountResults([pagedRoute([ROCKETS])]);
    // Tabler's outline is Phosphor's regular, its filled Phosphor's fill: one segment each, one
    // word each, ordered by thickness; the other set's word is in the tooltip.
    expect(await segments(ui.container)).toEqual(["Thin", "Light", "Regular", "Bold", "Fill", "Duotone"]);
    const menu = await weightsMenu(ui.container);
    expect(menu?.querySelector('[role="radio"][data-value="regular"]')?.getAttribute("title")).toBe(
      "Regular · Outline in Tabler",
    );
    await click(menu?.querySelector('[role="radio"][data-value="bold"]'));
    // Picked: the menu closes, its button names the weight.
    expect(ui.container.querySelector('[aria-label="Variant"]')).toBeNull();
    expect(weightButton(ui.container)?.textContent).toBe("Bold");
    expect(labels(ui.container).slice(0, 2)).toEqual([
      "Rocket launch, Phosphor, Bold",
      "Rocket, Tabler, Outline",
    ]);
    // Tabler has no bold: its cell is marked, and its tooltip says why.
    const tabler = ui.container.querySelector('[data-index="1"]');
    expect(tabler?.hasAttribute("data-lacking")).toBe(true);
    expect(ui.container.querySelector('[data-index="0"]')?.hasAttribute("data-lacking")).toBe(false);
    expect(await tipOf(tabler, ".cell-tip__note")).toBe("Tabler has no Bold");
    // Its outline is drawn at Bold's stroke: no mark on the cell, the set's note said once, at the
    // weight menu's foot and in its button's tooltip.
    expect(tabler?.querySelector(".cell__lacking")).toBeNull();
    const said = /^Tabler has no Bold(: drawn with thicker lines|: drawn at [\d.]+ px)?$/;
    expect(weightButton(ui.container)?.getAttribute("title")).toMatch(/^Variant: Bold\. Tabler has no Bold/);
    await weightsMenu(ui.container);
    expect(ui.container.querySelectorAll('[data-testid="weight-line"]')).toHaveLength(1);
    expect(ui.container.querySelector('[data-testid="weight-line"]')?.textContent).toMatch(said);
    await pick(ui.container, "duotone");
    // Tabler has no duotone: its filled drawing is nearest, another drawing, so the cell keeps its
    // mark and nothing is said above the grid.
    expect(labels(ui.container).slice(0, 2)).toEqual([
      "Rocket launch, Phosphor, Duotone",
      "Rocket, Tabler, Filled",
    ]);
    expect(ui.container.querySelector('[data-index="1"] .cell__lacking')).not.toBeNull();
    // The button says why some cells carry a dot: one set has no duotone.
    expect(weightButton(ui.container)?.getAttribute("title")).toBe(
      "Variant: Duotone. No Duotone in Tabler: shown in another drawing",
    );
    const reopened = await weightsMenu(ui.container);
    expect(ui.container.querySelector('[data-testid="weight-line"]')).toBeNull();
    expect(reopened?.querySelector('[role="radio"][aria-checked="true"] .menu__text')?.textContent).toBe(
      "Duotone",
    );
    // The row says which set has none, the set whose cell is marked.
    expect(reopened?.querySelector('[role="radio"][aria-checked="true"] .menu__aside')?.textContent).toBe(
      "not in Tabler",
    );
    // Remembered with the settings the plugin keeps.
    expect(ui.plugin.storage.get("settings")).toMatchObject({ iconVariant: "duotone" });
  });

  it("walks the weight menu with the arrow keys, from the weight chosen, and Escape closes it", async () => {
    const ui = await mountResults([pagedRoute([ROCKETS])]);
    const button = weightButton(ui.container);
    expect(button?.getAttribute("aria-expanded")).toBe("false");
    const menu = await weightsMenu(ui.container);
    await settle(1);
    // Opened, the keyboard is on Regular (third: Thin, Light, Regular...); down goes to Bold, up
    // from Thin wraps to Duotone, as in Figma's menus.
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Regular");
    await press(document.activeElement, "ArrowDown");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Bold");
    await press(document.activeElement, "ArrowUp");
    await press(document.activeElement, "ArrowUp");
    await press(document.activeElement, "ArrowUp");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Thin");
    await press(document.activeElement, "ArrowUp");
    expect(document.activeElement?.getAttribute("aria-label")).toBe("Duotone");
    expect(menu?.querySelector('[aria-checked="true"]')?.getAttribute("aria-label")).toBe("Regular");
    // Escape closes it without a choice, back on its button.
    await press(document.activeElement, "Escape");
    expect(ui.container.querySelector('[aria-label="Variant"]')).toBeNull();
    expect(document.activeElement).toBe(button);
    await pick(ui.container, "thin");
    expect(labels(ui.container)[0]).toBe("Rocket launch, Phosphor, Thin");
  });

  it("opens on the variant chosen in an earlier session", async () => {
    const storage = new Map<string, unknown>([["settings", { proxyUrl: PROXY, iconVariant: "fill" }]]);
    const ui = await mountResults([pagedRoute([ROCKETS])], storage);
    expect(labels(ui.container).slice(0, 2)).toEqual([
      "Rocket launch, Phosphor, Fill",
      "Rocket, Tabler, Filled",
    ]);
  });

  it("needs no switch when nothing has variants", async () => {
    const ui = await mountResults([
      pagedRoute([[icon("tabler", "a", "outline"), icon("tabler", "b", "outline")]]),
    ]);
    expect(labels(ui.container)).toHaveLength(2);
    expect(ui.container.querySelector(".weight-menu")).toBeNull();
  });

  it("keeps a group where its first member came while later pages add variants to it", async () => {
    const page1 = [
      icon("phosphor", "star", "regular"),
      ...Array.from({ length: SEARCH_PAGE - 1 }, (_, i) => icon("tabler", `t${i}`, "outline")),
    ];
    const page2 = [icon("phosphor", "star", "bold"), icon("phosphor", "moon", "regular")];
    const ui = await mountResults([pagedRoute([page1, page2])]);
    await act(() => ui.app.search.loadMore());
    await settle();
    expect(ui.app.search.items.value).toHaveLength(SEARCH_PAGE + 2);
    const grid = ui.container.querySelector('[role="grid"]');
    expect(grid?.getAttribute("aria-rowcount")).toBe(String(Math.ceil((SEARCH_PAGE + 1) / 6)));
    expect(await tipOf(ui.container.querySelector('[data-index="0"]'))).toBe("Star · Phosphor · 2 weights");
  });

  it("inserts the variant a cell shows, by click and by Enter", async () => {
    const ui = await mountResults([pagedRoute([ROCKETS])]);
    await pick(ui.container, "thin");
    await click(ui.container.querySelector('[data-index="0"]'));
    await settle();
    expect(ui.plugin.sentOf("insert")[0]?.payload).toMatchObject({
      asset: { uuid: "phosphor-rocket-launch-thin" },
    });
    await press(ui.container.querySelector('[data-index="1"]'), "Enter");
    await settle();
    expect(ui.plugin.sentOf("insert")[1]?.payload).toMatchObject({
      asset: { uuid: "tabler-rocket-outline" },
    });
  });

  it("turns the selected icon of a cell into the variant the weight menu picks", async () => {
    const ui = await mountResults([pagedRoute([ROCKETS])]);
    const placed = {
      id: "1:2",
      name: "rocket-launch",
      nodeType: "FRAME",
      width: 24,
      height: 24,
      exportable: true,
      hasImageFill: false,
      assetUuid: "phosphor-rocket-launch-regular",
      assetType: "icon" as const,
    };
    await act(() => ui.plugin.emit("selection-changed", selectionOf(placed)));
    await pick(ui.container, "bold");
    await settle();
    expect(ui.plugin.sentOf("replace-selection")[0]?.payload).toMatchObject({
      asset: { uuid: "phosphor-rocket-launch-bold" },
    });
    // Tabler's rocket has no light: its outline, with its lines thinned as the cell shows it.
    const tabler = { ...placed, id: "1:4", assetUuid: "tabler-rocket-outline" };
    await act(() => ui.plugin.emit("selection-changed", selectionOf(tabler)));
    await pick(ui.container, "light");
    await settle();
    expect(ui.plugin.sentOf("replace-selection")[1]?.payload).toMatchObject({
      asset: { uuid: "tabler-rocket-outline" },
      options: { strokeScale: WEIGHT_SCALE.light },
    });
    // Icons of two different cells: each would need its own variant, so none is replaced.
    const other = { ...placed, id: "1:3", assetUuid: "tabler-rocket-outline" };
    await act(() => ui.plugin.emit("selection-changed", selectionOf(placed, other)));
    await pick(ui.container, "thin");
    await settle();
    expect(ui.plugin.sentOf("replace-selection")).toHaveLength(2);
  });

  it("names the icon in the details, shows its variants, and Insert places the one picked there", async () => {
    const ui = await mountResults([pagedRoute([ROCKETS])]);
    await press(ui.container.querySelector('[data-index="0"]'), " ");
    await settle();
    const dialog = ui.container.querySelector('[role="dialog"]');
    expect(dialog?.querySelector("h2")?.textContent).toBe("Rocket launch");
    expect(dialog?.querySelector(".detail__subtitle")?.textContent).toBe("Phosphor · Regular");
    const thumbs = [...(dialog?.querySelectorAll('[aria-label="Variants"] [role="radio"]') ?? [])];
    // In the switch's order, whatever order the service listed them in (regular, bold, light...).
    expect(thumbs.map((t) => t.getAttribute("aria-label"))).toEqual([
      "Thin",
      "Light",
      "Regular",
      "Bold",
      "Fill",
      "Duotone",
    ]);
    expect(await segments(ui.container)).toEqual(thumbs.map((t) => t.getAttribute("aria-label")));
    await click(thumbs[4]);
    await settle();
    expect(dialog?.querySelector(".detail__subtitle")?.textContent).toBe("Phosphor · Fill");
    // In a designer's words: the price, the licence said plainly, no file size or view box.
    const text = dialog?.textContent ?? "";
    expect(dialog?.querySelector('[data-testid="insert-price"]')?.textContent).toMatch(/^Free/);
    expect(text).toContain("Free for any use, commercial too (MIT)");
    expect(text).toContain("a 256 px grid");
    expect(text).not.toContain("256 × 256");
    expect(text).not.toMatch(/bytes|view box|rocket-launch/i);
    await click([...(dialog?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Insert"));
    await settle();
    expect(ui.plugin.sentOf("insert")[0]?.payload).toMatchObject({
      asset: { uuid: "phosphor-rocket-launch-fill" },
    });
  });

  it("shows placeholder cells while the first page loads, and the results once it has", async () => {
    const held = heldAnswer();
    const route: Route = (url) => (url.pathname === "/v3/search" ? held.promise : undefined);
    const ui = await mountResults([route]);
    expect(ui.container.querySelector('[data-testid="grid-placeholders"]')).not.toBeNull();
    expect(ui.container.querySelectorAll('[role="gridcell"]')).toHaveLength(0);
    held.release(json({ items: { total: ROCKETS.length, data: ROCKETS } }));
    await settle();
    expect(ui.container.querySelector('[data-testid="grid-placeholders"]')).toBeNull();
    expect(labels(ui.container)).toHaveLength(3);
  });
});
