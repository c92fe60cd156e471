// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { gridKey } from "../../src/ui/grid/grid-keys";
import { fakePlugin, NO_SELECTION } from "./support/fake-plugin";
import { searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { downloadRoute, fileRoute, itemRoute, SVG } from "./support/routes";

function press(target: Element | null, key: string, init: KeyboardEventInit = {}) {
  if (!target) throw new Error(`nothing to press ${key} on`);
  return act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true, ...init }));
  });
}
const focusedIndex = () => (document.activeElement as HTMLElement | null)?.dataset.index;

describe("keyboard model", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("moves by cell and by row, clamps at the ends, and maps Enter, Shift+Enter and Space", () => {
    const at = (key: string, index: number, shiftKey = false) =>
      gridKey({ key, shiftKey, index, count: 20, columns: 6, pageRows: 2 });
    expect(at("ArrowRight", 0)).toEqual({ kind: "move", index: 1 });
    expect(at("ArrowDown", 1)).toEqual({ kind: "move", index: 7 });
    expect(at("ArrowDown", 15)).toEqual({ kind: "move", index: 15 }); // no row below column 3
    expect(at("ArrowLeft", 0)).toEqual({ kind: "move", index: 0 });
    expect(at("End", 0)).toEqual({ kind: "move", index: 19 });
    expect(at("PageDown", 0)).toEqual({ kind: "move", index: 12 });
    expect(at("Enter", 4)).toEqual({ kind: "insert" });
    expect(at("Enter", 4, true)).toEqual({ kind: "replace" });
    expect(at(" ", 4)).toEqual({ kind: "detail" });
    expect(at("x", 4)).toEqual({ kind: "none" });
  });

  it("arrows pressed faster than the grid re-renders land where they lead", async () => {
    const ui = await mountApp({ routes: [searchRoute(100), downloadRoute(), fileRoute] });
    await press(ui.container.querySelector("input[type=search]"), "ArrowDown");
    expect(focusedIndex()).toBe("0");
    // All three reach cell 0: none of them waits for the render that moves the focus.
    const first = document.activeElement;
    await act(() => {
      for (const key of ["ArrowRight", "ArrowRight", "ArrowDown"]) {
        first?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
      }
    });
    expect(focusedIndex()).toBe("8");
    ui.unmount();
  });

  it("focuses the search on open; arrows walk the grid; Enter inserts the focused asset as SVG", async () => {
    const ui = await mountApp({ routes: [searchRoute(100), downloadRoute(), fileRoute] });
    const search = ui.container.querySelector("input[type=search]");
    expect(document.activeElement).toBe(search);
    await press(search, "ArrowDown");
    expect(focusedIndex()).toBe("0");
    await press(document.activeElement, "ArrowRight");
    expect(focusedIndex()).toBe("1");
    await press(document.activeElement, "ArrowDown");
    expect(focusedIndex()).toBe("7");
    expect(ui.container.querySelectorAll('[role="gridcell"][tabindex="0"]')).toHaveLength(1);
    await press(document.activeElement, "Enter");
    await settle();
    const download = ui.service.requests.find((r) => r.url.endsWith("/api-download"));
    expect(download?.url).toContain("/v3/items/icon-7/api-download");
    const [insert] = ui.plugin.sentOf("insert");
    expect(insert?.payload).toMatchObject({
      asset: { uuid: "icon-7", name: "icon 7", type: "icon" },
      content: { kind: "svg", svg: SVG },
      options: { size: 24, keepReplacedColor: true },
      placement: { kind: "auto" },
    });
    expect(ui.container.querySelector('[role="status"]')?.textContent).toMatch(/Inserted icon 7/);
    // ArrowUp from the first row goes back to the search field.
    await press(ui.container.querySelector('[data-index="1"]'), "ArrowUp");
    expect(document.activeElement).toBe(search);
    ui.unmount();
  });

  it("Shift+Enter replaces the selection with the focused asset", async () => {
    const plugin = fakePlugin({ selection: { ...NO_SELECTION, count: 2 } });
    const ui = await mountApp({ routes: [searchRoute(10), downloadRoute(), fileRoute], plugin });
    await press(ui.container.querySelector("input[type=search]"), "ArrowDown");
    await press(document.activeElement, "Enter", { shiftKey: true });
    await settle();
    expect(ui.plugin.sentOf("insert")).toHaveLength(0);
    expect(ui.plugin.sentOf("replace-selection")[0]?.payload).toMatchObject({
      asset: { uuid: "icon-0" },
      content: { kind: "svg" },
    });
    ui.unmount();
  });

  it("Shift+Enter with nothing selected says so, and downloads nothing", async () => {
    const ui = await mountApp({ routes: [searchRoute(10), downloadRoute(), fileRoute] });
    await press(ui.container.querySelector("input[type=search]"), "ArrowDown");
    await press(document.activeElement, "Enter", { shiftKey: true });
    await settle();
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toContain("Nothing is selected");
    expect(ui.service.requests.filter((r) => r.url.includes("api-download"))).toHaveLength(0);
    // The plugin reports a new selection: now it works.
    ui.plugin.emit("selection-changed", { ...NO_SELECTION, count: 1 });
    await press(ui.container.querySelector('[role="gridcell"][tabindex="0"]'), "Enter", { shiftKey: true });
    await settle();
    expect(ui.plugin.sentOf("replace-selection")).toHaveLength(1);
    ui.unmount();
  });

  it("Escape clears the query first, then closes the details", async () => {
    const plugin = fakePlugin();
    const ui = await mountApp({ routes: [searchRoute(10), itemRoute()], plugin });
    const search = ui.container.querySelector<HTMLInputElement>("input[type=search]");
    await press(search, "ArrowDown");
    await press(document.activeElement, " ");
    await settle();
    expect(ui.container.querySelector('[role="dialog"]')).not.toBeNull();
    await act(() => {
      ui.app.search.query.value = "arrow";
    });
    await press(ui.container.querySelector(".app"), "Escape");
    expect(ui.app.search.query.value).toBe("");
    expect(ui.container.querySelector('[role="dialog"]')).not.toBeNull();
    await press(ui.container.querySelector(".app"), "Escape");
    expect(ui.container.querySelector('[role="dialog"]')).toBeNull();
    ui.unmount();
  });

  it("returns focus to the cell when the details close, and to the top of the grid for a new search", async () => {
    const ui = await mountApp({ routes: [searchRoute(600), itemRoute()] });
    await press(ui.container.querySelector("input[type=search]"), "ArrowDown");
    for (let i = 0; i < 3; i++) await press(document.activeElement, "PageDown");
    const opened = focusedIndex();
    expect(Number(opened)).toBeGreaterThan(60);
    const grid = ui.container.querySelector<HTMLElement>('[role="grid"]');
    expect(grid?.scrollTop).toBeGreaterThan(0);
    await press(document.activeElement, " ");
    await settle();
    const back = ui.container.querySelector('[role="dialog"] button[aria-label="Back to results"]');
    expect(document.activeElement?.id).toBe("detail-title");
    await press(back, "Escape");
    expect(ui.container.querySelector('[role="dialog"]')).toBeNull();
    expect(focusedIndex()).toBe(opened);
    await act(() => {
      ui.app.search.asset.value = "illustration";
    });
    await settle();
    expect(grid?.scrollTop).toBe(0);
    ui.unmount();
  });

  it("gives every control an accessible name", async () => {
    const ui = await mountApp({ routes: [searchRoute(10)] });
    await act(() => {
      ui.app.filtersOpen.value = true;
    });
    const controls = ui.container.querySelectorAll("button, input, select, [role=slider], [role=gridcell]");
    expect(controls.length).toBeGreaterThan(20);
    for (const control of controls) {
      const name =
        control.getAttribute("aria-label") ||
        control.textContent?.trim() ||
        control.closest("label")?.textContent?.trim();
      expect(name, control.outerHTML.slice(0, 80)).toBeTruthy();
    }
    ui.unmount();
  });
});
