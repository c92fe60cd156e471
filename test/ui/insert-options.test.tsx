// @vitest-environment happy-dom
// The insert options bar on the main screen: size and stroke width for the next insert and for the
// selected icons, the Insert/Replace switch, the variant hook and the popovers' keyboard. Each is
// checked by what the plugin is asked to do. (Colours: insert-colours.test.tsx.)
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { iconOptions } from "../../src/ui/insert/insert-plan";
import { readSize } from "../../src/ui/insert-bar/SizeField";
import { readStroke } from "../../src/ui/insert-bar/StrokeField";
import { replaceableCount, strokeApplies } from "../../src/ui/insert-bar/selection-targets";
import { strokeMaxFor } from "../../src/ui/insert-bar/stroke-range";
import { DEFAULT_SETTINGS } from "../../src/ui/settings/settings-store";
import { selectionOf } from "./support/fake-plugin";
import {
  $,
  buttonNamed,
  fileWith,
  icon,
  insertFirst,
  node,
  press,
  routes,
  type,
} from "./support/insert-options";
import { fakeLayout, mountApp, settle } from "./support/mount";

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
    expect([
      readStroke("1,5", 24),
      readStroke("2 px", 24),
      readStroke("", 24),
      readStroke("Auto", 24),
      readStroke("Original", 24),
    ]).toEqual([1.5, 2, null, null, null]);
    expect([readStroke("-1", 24), readStroke("thick", 24)]).toEqual([undefined, undefined]);
  });

  it("brings a stroke width into the range for the size: 0.25 px to a sixth of it, 4 px at least", () => {
    expect([readStroke("12.75", 24), readStroke("0", 24), readStroke("0.1", 24)]).toEqual([4, 0.25, 0.25]);
    expect([strokeMaxFor(16), strokeMaxFor(24), strokeMaxFor(48), strokeMaxFor(100)]).toEqual([
      4, 4, 8, 16.5,
    ]);
    expect([readStroke("12.75", 96), readStroke("3.25", 24)]).toEqual([12.75, 3.25]);
    // A width saved out of range (an older window, or by hand) is kept in range on the canvas.
    const saved = { ...DEFAULT_SETTINGS, iconSize: 24, iconStrokeWidth: 12.75 };
    expect(iconOptions(saved).strokeWidth).toBe(4);
  });

  it("clamps a width typed out of range, says so, and keeps it in range when the size shrinks", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const field = () => $(ui, 'input[name="iconStrokeWidth"]') as HTMLInputElement;
    await type(field(), "12.75");
    await settle();
    expect(field().value).toBe("4");
    expect($(ui, '[data-testid="stroke-clamped"]')?.textContent).toBe(
      "Stroke width kept to 4 px, the range for 24 px icons",
    );
    expect(field().getAttribute("aria-valuemax")).toBe("4");
    await type($(ui, 'input[name="iconSize"]'), "96");
    await type(field(), "12.75");
    await settle();
    expect(field().value).toBe("12.75");
    expect($(ui, '[data-testid="stroke-clamped"]')?.textContent).toBe("");
    // Back to 24 px: the wide width comes into the new range, in the field and on the canvas.
    await type($(ui, 'input[name="iconSize"]'), "24");
    await settle();
    expect(field().value).toBe("4");
    await insertFirst(ui);
    expect(plugin.sentOf("insert").at(-1)?.payload.options).toMatchObject({ size: 24, strokeWidth: 4 });
    ui.unmount();
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
    // The unit shows inside the field after the number, as Figma's fields show one; it is not part
    // of the value (which stays a number to edit).
    const stroke = $(ui, ".bar-field--stroke");
    expect(stroke?.querySelector("input")?.value).toBe("1.5");
    expect(stroke?.querySelector('[data-testid="unit"]')?.textContent).toBe("1.5px");
    expect(stroke?.querySelector('[data-testid="unit"]')?.getAttribute("aria-hidden")).toBe("true");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")[0]?.payload.options).toMatchObject({ size: 32, strokeWidth: 1.5 });
    expect(plugin.storage.get("settings")).toMatchObject({ iconSize: 32, iconStrokeWidth: 1.5 });
    // Nothing selected: nothing to apply the changes to.
    expect(plugin.sentOf("apply-options")).toHaveLength(0);

    // Back to the icon's own stroke.
    await type($(ui, 'input[name="iconStrokeWidth"]'), "");
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconStrokeWidth: null });
    // "Auto" is a word, not a number: no unit after it.
    expect($(ui, '.bar-field--stroke [data-testid="unit"]')).toBeNull();
    ui.unmount();
  });

  it("applies each change to the selected Assetport icons, and says so", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    expect($(ui, '[data-testid="applies-to"]')).toBeNull();
    await act(() => plugin.emit("selection-changed", selectionOf(icon("1:1"), icon("1:2"), node("1:3"))));
    // Two facts, two lines: what a click does (one sentence for the mode chosen), and apart from it,
    // a quiet hint that the fields reach the selected icons, worded so it cannot read as the click's.
    const hint = () => $(ui, '[data-testid="applies-to"]');
    const says = () => $(ui, '[data-testid="click-does"]')?.textContent;
    expect(hint()?.textContent).toBe("Size, colour and stroke apply to 2 selected icons");
    expect(hint()?.closest(".bar-mode")).toBeNull();
    expect(says()).toBe("Click inserts at 24 px");

    await type($(ui, 'input[name="iconSize"]'), "48");
    await settle();
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toEqual({ options: { size: 48 } });
    expect(says()).toBe("Click inserts at 48 px");
    // With Component on, a click lands an instance of the icon's component: the sentence says so.
    await press($(ui, 'button[aria-label="Insert as component"]'));
    expect(says()).toBe("Click inserts a 48 px component");
    await press($(ui, 'button[aria-label="Insert as component"]'));
    expect(says()).toBe("Click inserts at 48 px");
    await type($(ui, 'input[name="iconStrokeWidth"]'), "2");
    await settle();
    // Only what changed: the width, not the size again.
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toEqual({ options: { strokeWidth: 2 } });
    ui.unmount();
  });

  it("shows the selected icons' size in the field, or Mixed, and applies a size typed there", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const field = () => $(ui, 'input[name="iconSize"]') as HTMLInputElement;
    expect(field().value).toBe("24");
    const big = (id: string) => ({ ...icon(id), width: 40, height: 40 });
    await act(() => plugin.emit("selection-changed", selectionOf(big("1:1"), big("1:2"))));
    expect(field().value).toBe("40");
    await act(() => plugin.emit("selection-changed", selectionOf(big("1:1"), icon("1:2"))));
    expect([field().value, field().placeholder]).toEqual(["", "Mixed"]);
    // 24 is the remembered size, but not every selected icon's: typing it resizes them.
    await type(field(), "24");
    await settle();
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toMatchObject({ options: { size: 24 } });
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:3"))));
    expect(field().value).toBe("24");
    ui.unmount();
  });

  it("gives the selected icons only what changed: a stroke typed for 40 px icons keeps their size", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const big = (id: string) => ({ ...icon(id), width: 40, height: 40 });
    await act(() => plugin.emit("selection-changed", selectionOf(big("1:1"), big("1:2"))));
    await type($(ui, 'input[name="iconStrokeWidth"]'), "2");
    await settle();
    // The bar's remembered size is 24: sent along, it would shrink them.
    expect(plugin.sentOf("apply-options").map((sent) => sent.payload)).toEqual([
      { options: { strokeWidth: 2 } },
    ]);
    // A size in whose range the width already is: the size alone (each icon keeps its own width).
    await type($(ui, 'input[name="iconSize"]'), "32");
    await settle();
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toEqual({ options: { size: 32 } });
    ui.unmount();
  });

  it("shows the selected icons' stroke width, Auto or Mixed, and applies a width typed there", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const field = () => $(ui, 'input[name="iconStrokeWidth"]') as HTMLInputElement;
    await type(field(), "1,5");
    await settle();
    const stroked = (id: string, strokeWidth: number) => ({ ...icon(id), strokeWidth });
    await act(() => plugin.emit("selection-changed", selectionOf(stroked("1:1", 2), stroked("1:2", 2))));
    expect(field().value).toBe("2");
    await act(() => plugin.emit("selection-changed", selectionOf(icon("1:1"))));
    // Their own width says "Auto", not the colour field's "Original" beside it.
    expect([field().value, field().placeholder]).toEqual(["", "Auto"]);
    await act(() => plugin.emit("selection-changed", selectionOf(stroked("1:1", 2), icon("1:2"))));
    expect([field().value, field().placeholder]).toEqual(["", "Mixed"]);
    // 1.5 is the remembered width, but not the selected icons': typing it gives it to them.
    await type(field(), "1.5");
    await settle();
    expect(plugin.sentOf("apply-options").at(-1)?.payload).toMatchObject({ options: { strokeWidth: 1.5 } });
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:3"))));
    expect(field().value).toBe("1.5");
    ui.unmount();
  });

  it("names the selected icons' colour in the bar, or Mixed, and its own choice otherwise", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const label = () => $(ui, ".bar-colour__text")?.textContent;
    expect(label()).toBe("Original");
    const painted = (id: string, colour: string) => ({ ...icon(id), colour });
    await act(() => plugin.emit("selection-changed", selectionOf(painted("1:1", "#E11D48"))));
    expect(label()).toBe("E11D48");
    await act(() =>
      plugin.emit("selection-changed", selectionOf(painted("1:1", "#E11D48"), painted("1:2", "#0D99FF"))),
    );
    expect(label()).toBe("Mixed");
    // A colour the selection does not tell (a variable, several colours): the bar's own choice.
    await act(() => plugin.emit("selection-changed", selectionOf(painted("1:1", "#E11D48"), icon("1:2"))));
    expect(label()).toBe("Original");
    ui.unmount();
  });

  it("offers Insert or Replace only when the selection can be replaced, and a click does what it says", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const says = () => $(ui, '[data-testid="click-does"]')?.textContent ?? null;
    expect(says()).toBeNull();
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:1"), node("1:2"), node("1:3"))));
    expect(says()).toBe("Click inserts at 24 px");
    // No Assetport icon among them: nothing for the fields to change, so no hint.
    expect($(ui, '[data-testid="applies-to"]')).toBeNull();
    await press(ui.container.querySelector('.segmented [aria-checked="false"]'));
    expect(says()).toBe("Click replaces 3 layers");
    await insertFirst(ui);
    expect(plugin.sentOf("replace-selection")).toHaveLength(1);
    expect(plugin.sentOf("insert")).toHaveLength(0);

    // A screen-sized frame is not an icon to replace: no switch, and a click inserts.
    const screen = node("1:4", { nodeType: "FRAME", width: 1440, height: 900 });
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:1"), screen)));
    expect(says()).toBeNull();
    await act(() => plugin.emit("selection-changed", selectionOf(node("1:1"))));
    // Replace was dropped when nothing replaceable was selected: the next selection starts on Insert.
    expect(says()).toBe("Click inserts at 24 px");
    await insertFirst(ui);
    expect(plugin.sentOf("insert")).toHaveLength(1);
    expect(plugin.sentOf("replace-selection")).toHaveLength(1);
    // Turned on from elsewhere with a screen selected: still not a silent replace.
    await act(() => plugin.emit("selection-changed", selectionOf(screen)));
    await act(() => {
      ui.app.replacing.value = true;
    });
    expect(ui.app.replacing.value).toBe(false);
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

  it("drops what was typed in a field on Escape, leaving the size and the search as they were", async () => {
    const ui = await mountApp({ routes: routes() });
    await act(() => {
      ui.app.search.query.value = "home";
    });
    const field = $(ui, 'input[name="iconSize"]') as HTMLInputElement;
    await act(() => {
      field.focus();
      field.value = "99";
      field.dispatchEvent(new Event("input", { bubbles: true }));
      field.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    });
    await settle();
    expect(ui.app.settings.settings.value.iconSize).toBe(24);
    expect(field.value).toBe("24");
    expect(ui.app.search.query.value).toBe("home");
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
