// @vitest-environment happy-dom
// The icon colour on the main screen: the icon's own, a custom one (drawn picker and hex), or the
// file's variables and styles, kept per file, with a deleted one shown as such and never sent.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { hexToHsv, hsvToHex } from "../../src/ui/insert-bar/hsv";
import { fakePlugin, selectionOf } from "./support/fake-plugin";
import {
  $,
  buttonNamed,
  COLOURS,
  fileWith,
  icon,
  insertFirst,
  press,
  routes,
  type,
} from "./support/insert-options";
import { fakeLayout, mountApp, settle } from "./support/mount";

/** The colour field: its words, whether it is marked deleted, and the whole name it gives. */
function shownColour(ui: Parameters<typeof $>[0]) {
  return {
    text: $(ui, ".bar-colour__text")?.textContent,
    gone: !!$(ui, ".bar-colour__text--gone"),
    name: $(ui, ".bar-colour > button")?.getAttribute("aria-label"),
  };
}

describe("icon colour", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
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
    expect(shownColour(ui)).toEqual({
      text: "old",
      gone: true,
      name: "Icon colour: brand/old, deleted from this file",
    });
    // Still shown bound (the pill), struck through.
    expect($(ui, '.bar-colour [data-testid="colour-pill"] .bar-colour__text--gone')).not.toBeNull();
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
    expect(shownColour(ui)).toEqual({
      text: "Old",
      gone: true,
      name: "Icon colour: Icons/Old, deleted from this file",
    });
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("colorStyleId");
    ui.unmount();
  });

  it("names no colour chosen in one set of words: the fields, the panel and the details", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await settle();
    expect(shownColour(ui)).toEqual({ text: "Original", gone: false, name: "Icon colour: Original colours" });
    // The stroke's own width is "Auto": two "Original"s side by side read as one field repeated.
    expect(($(ui, 'input[name="iconStrokeWidth"]') as HTMLInputElement).placeholder).toBe("Auto");
    await press($(ui, ".bar-colour > button"));
    await settle();
    const chosen = $(ui, '.popover .menu__item[aria-pressed="true"]');
    expect(chosen?.textContent).toBe("Original colours");
    await press(chosen);
    await press($(ui, '[data-index="0"] .cell__info'));
    await settle();
    expect($(ui, '[data-testid="inserts-with"]')?.textContent).toBe("Inserts at 24 px · original colours");
    ui.unmount();
  });

  it("shows a variable chosen as a pill named by its last segment, its whole path in the tooltip and details", async () => {
    const { plugin } = fileWith(undefined, {
      choice: { kind: "variable", id: "VariableID:1:0", name: "icon/primary" },
      gone: false,
    });
    const ui = await mountApp({ routes: routes(), plugin });
    await settle();
    // Bound, so shown as Figma's variable pill; the tooltip gives the whole path, collection first.
    expect(shownColour(ui)).toEqual({
      text: "primary",
      gone: false,
      name: "Icon colour: Brand / icon/primary",
    });
    expect($(ui, '.bar-colour [data-testid="colour-pill"]')?.textContent).toBe("primary");
    await press($(ui, '[data-index="0"] .cell__info'));
    await settle();
    expect($(ui, '[data-testid="inserts-with"]')?.textContent).toBe(
      "Inserts at 24 px · Brand / icon/primary",
    );
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
    // Confirmed with Enter, the panel closes: the results are free to click.
    expect($(ui, 'input[name="iconColor"]')).toBeNull();
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).toMatchObject({ color: "#00aaff" });
    expect(plugin.sentOf("insert")[0]?.payload.options).not.toHaveProperty("colorVariableId");

    // Opened again, the hex field has the keyboard, its text selected to be typed over.
    await press($(ui, ".bar-colour > button"));
    await settle();
    const hex = $(ui, 'input[name="iconColor"]') as HTMLInputElement;
    expect(document.activeElement).toBe(hex);
    expect([hex.selectionStart, hex.selectionEnd]).toEqual([0, hex.value.length]);
    await press(buttonNamed(ui, "Original colours"));
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconColor: null });
    ui.unmount();
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
    expect(shownColour(ui)).toMatchObject({ text: "primary", gone: true });
    expect(ui.container.textContent).toContain("That colour is no longer in this file");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[1]?.payload.options).not.toHaveProperty("colorVariableId");
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
    // A size changes the size only; the colour is sent (and found gone) when it is given again.
    await type($(ui, 'input[name="iconSize"]'), "20");
    await settle();
    expect(plugin.sentOf("apply-options")[0]?.payload).toEqual({ options: { size: 20 } });
    await act(() => ui.app.insertOptions.useFileColour(kept));
    await settle();
    expect(plugin.sentOf("apply-options")[1]?.payload).toMatchObject({
      options: { colorVariableId: "VariableID:1:0" },
    });
    expect(shownColour(ui)).toMatchObject({ text: "primary", gone: true });
    expect(ui.app.settings.settings.value.iconColorVariableId).toBeNull();
    ui.unmount();
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
