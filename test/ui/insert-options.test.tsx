// @vitest-environment happy-dom
// The insert options on the main screen: size, colour (the icon's own, a custom one, or the file's
// variables and styles, kept per file), stroke width, and the Insert/Replace switch. Each is checked
// by what the plugin is asked to do.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DocumentColours, FileColourState, SelectedNode } from "../../src/messages/types";
import { hexToHsv, hsvToHex } from "../../src/ui/insert-bar/hsv";
import { readSize } from "../../src/ui/insert-bar/SizeField";
import { readStroke } from "../../src/ui/insert-bar/StrokeField";
import { replaceableCount, strokeApplies } from "../../src/ui/insert-bar/selection-targets";
import { fakePlugin, selectionOf } from "./support/fake-plugin";
import { searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { downloadRoute, fileRoute } from "./support/routes";

const COLOURS: DocumentColours = {
  variables: [
    { id: "VariableID:1:0", name: "icon/primary", collection: "Brand", color: "#0d99ff" },
    { id: "VariableID:2:0", name: "icon/muted", collection: "Brand", color: "#757575" },
    { id: "VariableID:3:0", name: "danger", collection: "Status", color: "#dc3412" },
  ],
  styles: [{ id: "S:abc,1:0", name: "Icons/Ink", color: "#1e1e1e" }],
};

const node = (id: string, over: Partial<SelectedNode> = {}): SelectedNode => ({
  id,
  name: id,
  nodeType: "VECTOR",
  width: 24,
  height: 24,
  exportable: true,
  hasImageFill: false,
  ...over,
});
const icon = (id: string) => node(id, { nodeType: "FRAME", assetUuid: `u-${id}`, assetType: "icon" });

/** A plugin for one file: its colours, and the colour choice kept in that file's document. */
function fileWith(storage?: Map<string, unknown>, kept: FileColourState = { choice: null, gone: false }) {
  const file = { kept };
  const plugin = fakePlugin({
    ...(storage ? { storage } : {}),
    respond: (type, payload) => {
      if (type === "document-colours") return COLOURS;
      if (type === "file-colour-get") return file.kept;
      if (type === "file-colour-set") {
        file.kept = { choice: (payload.choice as FileColourState["choice"]) ?? null, gone: false };
        return {};
      }
      return undefined;
    },
  });
  return { plugin, file };
}

const routes = () => [searchRoute(4), downloadRoute(), fileRoute];
type Ui = Awaited<ReturnType<typeof mountApp>>;
const $ = <E extends Element = HTMLElement>(ui: Ui, selector: string) =>
  ui.container.querySelector<E & HTMLElement>(selector);
const press = (el: Element | null | undefined) =>
  act(() => {
    if (!el) throw new Error("no such control");
    (el as HTMLElement).click();
  });
function type(el: Element | null, text: string) {
  if (!el) throw new Error("no such field");
  return act(() => {
    (el as HTMLInputElement).value = text;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  });
}
const buttonNamed = (ui: Ui, text: string) =>
  [...ui.container.querySelectorAll("button")].find((b) => b.textContent?.trim() === text);
async function insertFirst(ui: Ui) {
  await press($(ui, '[data-index="0"]'));
  await settle();
}

describe("insert options bar", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("reads sizes and stroke widths typed by hand, and refuses the rest", () => {
    expect([readSize("32"), readSize(" 40px "), readSize("0"), readSize("5000"), readSize("big")]).toEqual([
      32,
      40,
      undefined,
      undefined,
      undefined,
    ]);
    expect([readStroke("1,5"), readStroke("2 px"), readStroke(""), readStroke("Original")]).toEqual([
      1.5,
      2,
      null,
      null,
    ]);
    expect([readStroke("0"), readStroke("101"), readStroke("-1")]).toEqual([undefined, undefined, undefined]);
  });

  it("sends the size and stroke set on the main screen with the next insert, and remembers them", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await type($(ui, 'input[name="iconSize"]'), "40");
    await press($(ui, 'button[aria-label="Common icon sizes"]'));
    expect(
      [...ui.container.querySelectorAll(".bar-field--size .menu__item")].map((b) => b.textContent),
    ).toEqual(["16 px", "20 px", "24 px", "32 px", "48 px"]);
    await press(buttonNamed(ui, "32 px"));
    await type($(ui, 'input[name="iconStrokeWidth"]'), "1,5");
    await settle();
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).toMatchObject({ size: 32, strokeWidth: 1.5 });
    expect(plugin.storage.get("settings")).toMatchObject({ iconSize: 32, iconStrokeWidth: 1.5 });
    // Nothing selected: nothing to apply the changes to.
    expect(plugin.sentOf("apply-options")).toHaveLength(0);

    // Back to the icon's own stroke.
    await type($(ui, 'input[name="iconStrokeWidth"]'), "");
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconStrokeWidth: null });
    ui.unmount();
  });

  it("applies each change to the selected Assetport icons, and says so", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    expect($(ui, '[data-testid="applies-to"]')).toBeNull();
    await act(() => plugin.emit("selection-changed", selectionOf(icon("1:1"), icon("1:2"), node("1:3"))));
    expect($(ui, '[data-testid="applies-to"]')?.textContent).toBe("Changes apply to 2 selected icons");

    await type($(ui, 'input[name="iconSize"]'), "48");
    await settle();
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toEqual({ options: { size: 48 } });
    await type($(ui, 'input[name="iconStrokeWidth"]'), "2");
    await settle();
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toEqual({ options: { size: 48, strokeWidth: 2 } });
    ui.unmount();
  });

  it("lists the file's variables by collection and its styles, searchable, and binds the one picked", async () => {
    const storage = new Map<string, unknown>();
    const { plugin, file } = fileWith(storage);
    const ui = await mountApp({ routes: routes(), plugin });
    await press($(ui, ".bar-colour > button"));
    await settle();
    const headings = () => [...ui.container.querySelectorAll(".colours__heading")].map((h) => h.textContent);
    expect(headings()).toEqual(["Brand", "Status", "Colour styles"]);
    await act(() => {
      const search = $(ui, 'input[aria-label="Search this file\'s colours"]') as HTMLInputElement;
      search.value = "muted";
      search.dispatchEvent(new Event("input", { bubbles: true }));
    });
    expect(headings()).toEqual(["Brand"]);
    expect(
      [...ui.container.querySelectorAll(".colours__group .menu__text")].map((t) => t.textContent),
    ).toEqual(["icon/muted"]);
    await press(buttonNamed(ui, "icon/muted"));
    await settle();
    // Closed, and the bar names the colour as Figma's picker would.
    expect($(ui, ".popover")).toBeNull();
    expect($(ui, ".bar-colour__text")?.textContent).toBe("muted");
    expect(file.kept.choice).toEqual({ kind: "variable", id: "VariableID:2:0", name: "icon/muted" });
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).toMatchObject({ colorVariableId: "VariableID:2:0" });
    expect(plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("color");
    // Kept in the file, not in the storage every file shares.
    expect(JSON.stringify(storage.get("settings") ?? {})).not.toContain("VariableID");
    ui.unmount();

    // Another file, same designer: the variable id means nothing there, so nothing is sent.
    const other = fileWith(storage);
    const second = await mountApp({ routes: routes(), plugin: other.plugin });
    expect($(second, ".bar-colour__text")?.textContent).toBe("Original");
    await insertFirst(second);
    expect(other.plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("colorVariableId");
    second.unmount();
  });

  it("shows a variable deleted since as gone and does not send it", async () => {
    const gone = { kind: "variable" as const, id: "VariableID:9:0", name: "brand/old" };
    const { plugin } = fileWith(undefined, { choice: gone, gone: true });
    // An older version kept the id per designer: no longer read.
    plugin.storage.set("settings", { iconColorVariableId: "VariableID:9:0" });
    const ui = await mountApp({ routes: routes(), plugin });
    await settle();
    expect($(ui, ".bar-colour__text")?.textContent).toBe("old (deleted)");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("colorVariableId");
    await press($(ui, ".bar-colour > button"));
    await settle();
    expect($(ui, ".colours__gone")?.textContent).toContain("“brand/old” is no longer in this file");
    ui.unmount();
  });

  it("marks the chosen colour gone when the file no longer lists it", async () => {
    const kept = { kind: "style" as const, id: "S:deleted,1:0", name: "Icons/Old" };
    const { plugin } = fileWith(undefined, { choice: kept, gone: false });
    const ui = await mountApp({ routes: routes(), plugin });
    await settle();
    // Its swatch was looked up in the file's colours at start: not there, so deleted since.
    expect($(ui, ".bar-colour__text")?.textContent).toBe("Old (deleted)");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("colorStyleId");
    ui.unmount();
  });

  it("takes a custom hex colour, and the icon's own colours again", async () => {
    const { plugin, file } = fileWith(undefined, {
      choice: { kind: "variable", id: "VariableID:1:0", name: "icon/primary" },
      gone: false,
    });
    const ui = await mountApp({ routes: routes(), plugin });
    await press($(ui, ".bar-colour > button"));
    await settle();
    await type($(ui, 'input[name="iconColor"]'), "0af");
    await settle();
    expect(file.kept.choice).toBeNull();
    expect($(ui, ".bar-colour__text")?.textContent).toBe("00AAFF");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).toMatchObject({ color: "#00aaff" });
    expect(plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("colorVariableId");

    await press(buttonNamed(ui, "Icon's own colours"));
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconColor: null });
    ui.unmount();
  });

  it("offers Insert or Replace only when the selection can be replaced, and a click does what it says", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const says = () => $(ui, '[data-testid="click-does"]')?.textContent ?? null;
    expect(says()).toBeNull();
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:1"), node("1:2"), icon("1:3"))));
    expect(says()).toBe("Click inserts a new layer");
    await press(ui.container.querySelector('.segmented [aria-checked="false"]'));
    expect(says()).toBe("Click replaces 3 selected layers");
    await insertFirst(ui);
    expect(plugin.sentOf("replace-selection")).toHaveLength(1);
    expect(plugin.sentOf("insert")).toHaveLength(0);

    // A screen-sized frame is not an icon to replace: no switch, and a click inserts.
    const screen = node("1:4", { nodeType: "FRAME", width: 1440, height: 900 });
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:1"), screen)));
    expect(says()).toBeNull();
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:1"))));
    // Replace was dropped when nothing replaceable was selected: the next selection starts on Insert.
    expect(says()).toBe("Click inserts a new layer");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")).toHaveLength(1);
    expect(plugin.sentOf("replace-selection")).toHaveLength(1);
    ui.unmount();
  });

  it("counts replaceable layers only when every selected one can be replaced", () => {
    expect(replaceableCount(null)).toBe(0);
    expect(replaceableCount(selectionOf(node("1"), icon("2")))).toBe(2);
    expect(replaceableCount(selectionOf(node("1"), node("2", { nodeType: "TEXT" })))).toBe(0);
    // An Assetport illustration is replaceable at any size.
    const big = node("3", { nodeType: "RECTANGLE", width: 800, height: 600, assetUuid: "x" });
    expect(replaceableCount(selectionOf(big))).toBe(1);
  });
});

describe("insert options bar, keyboard and failures", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("marks the colour deleted when an insert finds it gone, and the next insert goes without it", async () => {
    const kept = { kind: "variable" as const, id: "VariableID:1:0", name: "icon/primary" };
    let inserts = 0;
    const plugin = fakePlugin({
      respond: (type) => {
        if (type === "document-colours") return COLOURS;
        if (type === "file-colour-get") return { choice: kept, gone: false };
        if (type === "insert" && ++inserts === 1)
          return { error: { reason: "colour_missing", message: "That colour is no longer in the file." } };
        return undefined;
      },
    });
    const ui = await mountApp({ routes: routes(), plugin });
    await settle();
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).toMatchObject({ colorVariableId: "VariableID:1:0" });
    expect($(ui, ".bar-colour__text")?.textContent).toBe("primary (deleted)");
    expect(ui.container.textContent).toContain("That colour is no longer in this file");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[1]?.payload.options).not.toHaveProperty("colorVariableId");
    ui.unmount();
  });

  it("takes the keyboard into an opened popover, and Escape closes it without clearing the search", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await act(() => {
      ui.app.search.query.value = "home";
    });
    await press($(ui, ".bar-colour > button"));
    await settle();
    expect(document.activeElement?.closest(".popover")).not.toBeNull();
    await act(() => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }),
      );
    });
    expect($(ui, ".popover")).toBeNull();
    expect(ui.app.search.query.value).toBe("home");
    expect(document.activeElement).toBe($(ui, ".bar-colour > button"));
    ui.unmount();
  });

  it("marks the colour deleted when applying it to the selection finds it gone", async () => {
    const kept = { kind: "variable" as const, id: "VariableID:1:0", name: "icon/primary" };
    const plugin = fakePlugin({
      selection: selectionOf(icon("1:1")),
      respond: (type) => {
        if (type === "document-colours") return COLOURS;
        if (type === "file-colour-get") return { choice: kept, gone: false };
        if (type === "apply-options")
          return { error: { reason: "colour_missing", message: "That colour is no longer in the file." } };
        return undefined;
      },
    });
    const ui = await mountApp({ routes: routes(), plugin });
    await settle();
    expect(plugin.sentOf("apply-options")).toHaveLength(0);
    await type($(ui, 'input[name="iconSize"]'), "20");
    await settle();
    expect(plugin.sentOf("apply-options")[0]?.payload).toMatchObject({
      options: { colorVariableId: "VariableID:1:0" },
    });
    expect($(ui, ".bar-colour__text")?.textContent).toBe("primary (deleted)");
    expect(ui.app.settings.settings.value.iconColorVariableId).toBeNull();
    ui.unmount();
  });
});

describe("custom colour picker", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("converts between hex and hue, saturation, brightness both ways", () => {
    for (const hex of ["#000000", "#ffffff", "#0d99ff", "#dc3412", "#757575", "#00ff80"]) {
      expect(hsvToHex(hexToHsv(hex))).toBe(hex);
    }
    expect(hexToHsv("#ff0000")).toEqual({ h: 0, s: 1, v: 1 });
    expect(hsvToHex({ h: 120, s: 1, v: 1 })).toBe("#00ff00");
  });

  it("is drawn in the window, moved by arrow keys, and each step is one colour change", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await press($(ui, ".bar-colour > button"));
    await settle();
    // No browser colour dialog: the square and the hue bar are the window's own.
    expect(ui.container.querySelector('input[type="color"]')).toBeNull();
    await press($(ui, 'button[aria-label="Pick a custom colour"]'));
    const square = $(ui, '[role="slider"][aria-label="Saturation and brightness"]');
    const key = (el: Element | null, k: string, shiftKey = false) =>
      act(() => {
        el?.dispatchEvent(
          new KeyboardEvent("keydown", { key: k, shiftKey, bubbles: true, cancelable: true }),
        );
      });
    // From black (the custom colour's start): brighter, then more saturated, then a turn of hue.
    for (let i = 0; i < 10; i++) await key(square, "ArrowUp", true);
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconColor: "#ffffff" });
    for (let i = 0; i < 10; i++) await key(square, "ArrowRight", true);
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconColor: "#ff0000" });
    const hue = $(ui, '[role="slider"][aria-label="Hue"]');
    await key(hue, "ArrowRight", true);
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconColor: "#ff9900" });
    expect($(ui, ".bar-colour__text")?.textContent).toBe("FF9900");
    ui.unmount();
  });
});

describe("for the variant switch and the keyboard", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("turns the selected icons into the variant picked, and leaves the canvas alone with none selected", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const variant = ui.app.search.items.value[1]!;
    expect(await ui.app.insertOptions.switchSelectedTo(variant)).toBe(false);
    expect(plugin.sentOf("replace-selection")).toHaveLength(0);
    await act(() => plugin.emit("selection-changed", selectionOf(icon("1:1"), icon("1:2"))));
    await act(async () => {
      expect(await ui.app.insertOptions.switchSelectedTo(variant)).toBe(true);
    });
    expect(plugin.sentOf("replace-selection")[0]?.payload).toMatchObject({ asset: { uuid: variant.uuid } });
    expect(plugin.sentOf("insert")).toHaveLength(0);
    ui.unmount();
  });

  it("walks a popover's choices with the arrow keys", async () => {
    const ui = await mountApp({ routes: routes() });
    await press($(ui, 'button[aria-label="Common icon sizes"]'));
    const focused = () => document.activeElement?.textContent;
    expect(focused()).toBe("16 px");
    const arrow = (key: string) =>
      act(() => {
        document.activeElement?.dispatchEvent(
          new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }),
        );
      });
    await arrow("ArrowDown");
    await arrow("ArrowDown");
    expect(focused()).toBe("24 px");
    await arrow("ArrowUp");
    await arrow("ArrowUp");
    await arrow("ArrowUp");
    expect(focused()).toBe("48 px");
    ui.unmount();
  });
});

describe("stroke width for line icons", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("is offered unless the search is narrowed to filled styles only", async () => {
    expect(strokeApplies([])).toBe(true);
    expect(strokeApplies(["glyph", "line"])).toBe(true);
    expect(strokeApplies(["glyph", "flat"])).toBe(false);
    const ui = await mountApp({ routes: routes() });
    expect($(ui, 'input[name="iconStrokeWidth"]')).not.toBeNull();
    await act(() => {
      ui.app.filters.styles.value = ["glyph"];
    });
    expect($(ui, 'input[name="iconStrokeWidth"]')).toBeNull();
    await act(() => {
      ui.app.filters.styles.value = ["line"];
    });
    expect($(ui, 'input[name="iconStrokeWidth"]')).not.toBeNull();
    ui.unmount();
  });
});
