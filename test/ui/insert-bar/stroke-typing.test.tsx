// @vitest-environment happy-dom
// A stroke width being typed: the previews follow it before it is committed (the field and the cells
// never disagree), only widths in the field's range are drawn, Escape puts the previews back, and
// the selected icons change on commit alone, in one request (one undo step in Figma). An arrow key
// steps from what is typed, in the size field too.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { STROKE_DRAFT_DELAY_MS } from "../../../src/ui/insert-bar/stroke-draft";
import { selectionOf } from "../support/fake-plugin";
import { $, fileWith, icon, routes, type, type Ui } from "../support/insert-options";
import { fakeLayout, mountApp, settle } from "../support/mount";

const field = (ui: Ui) => $(ui, 'input[name="iconStrokeWidth"]') as HTMLInputElement;

/** Text typed into the field, not committed (no Enter, no blur). */
function typeOnly(ui: Ui, text: string) {
  return act(() => {
    field(ui).value = text;
    field(ui).dispatchEvent(new Event("input", { bubbles: true }));
  });
}

function key(ui: Ui, name: string) {
  return act(() => {
    field(ui).dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
  });
}

/** The width the cells are drawn at: the previews' look, and the one the grid scales weights by. */
const drawn = (ui: Ui) => ({
  previews: ui.app.strokedPreviews.look.value?.width ?? null,
  grid: ui.app.placing.look.strokeWidth.value,
});

/** Long past the typing's delay: what has not changed by then does not follow that text. */
const pastTheDelay = () =>
  act(() => new Promise<void>((resolve) => setTimeout(resolve, STROKE_DRAFT_DELAY_MS * 3)));

describe("a stroke width being typed", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("redraws the previews as it is typed, and gives it to the selected icons on commit only", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await type(field(ui), "2");
    await settle();
    await act(() => plugin.emit("selection-changed", selectionOf(icon("1:1"), icon("1:2"))));
    const applied = plugin.sentOf("apply-options").length;

    await typeOnly(ui, "3.75");
    await vi.waitFor(() => expect(drawn(ui)).toEqual({ previews: 3.75, grid: 3.75 }));
    // Not committed: not saved, not sent to the icons.
    expect(plugin.sentOf("apply-options")).toHaveLength(applied);
    expect(plugin.storage.get("settings")).toMatchObject({ iconStrokeWidth: 2 });
    expect(field(ui).value).toBe("3.75");

    await key(ui, "Enter");
    await settle();
    expect(
      plugin
        .sentOf("apply-options")
        .slice(applied)
        .map((sent) => sent.payload),
    ).toEqual([{ options: { strokeWidth: 3.75 } }]);
    expect(plugin.storage.get("settings")).toMatchObject({ iconStrokeWidth: 3.75 });
    expect(drawn(ui)).toEqual({ previews: 3.75, grid: 3.75 });
    ui.unmount();
  });

  it("puts the previews back on Escape, and draws only widths in the field's range", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await type(field(ui), "2");
    await settle();

    await typeOnly(ui, "1.5");
    await vi.waitFor(() => expect(drawn(ui).previews).toBe(1.5));
    // 9 px is past the range for 24 px icons (4 px), "1." is no width yet: the last width stays.
    await typeOnly(ui, "9");
    await pastTheDelay();
    expect(drawn(ui).previews).toBe(1.5);
    await typeOnly(ui, "1.");
    await pastTheDelay();
    expect(drawn(ui).previews).toBe(1.5);

    await key(ui, "Escape");
    await pastTheDelay();
    expect(drawn(ui)).toEqual({ previews: 2, grid: 2 });
    expect(field(ui).value).toBe("2");
    expect(plugin.storage.get("settings")).toMatchObject({ iconStrokeWidth: 2 });

    // Escaped before the delay ran out: the pending width is not drawn after all.
    await typeOnly(ui, "3");
    await key(ui, "Escape");
    await pastTheDelay();
    expect(drawn(ui).previews).toBe(2);
    ui.unmount();
  });

  it("steps from the typed width with an arrow key, and shows the stepped one", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    await type(field(ui), "2");
    await settle();
    await typeOnly(ui, "3");
    await key(ui, "ArrowUp");
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconStrokeWidth: 3.25 });
    expect(field(ui).value).toBe("3.25");
    await pastTheDelay();
    expect(drawn(ui)).toEqual({ previews: 3.25, grid: 3.25 });
    ui.unmount();
  });

  it("steps the size from what is typed too", async () => {
    const { plugin } = fileWith();
    const ui = await mountApp({ routes: routes(), plugin });
    const size = $(ui, 'input[name="iconSize"]') as HTMLInputElement;
    await act(() => {
      size.value = "40";
      size.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await act(() => {
      size.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true, cancelable: true }));
    });
    await settle();
    expect(plugin.storage.get("settings")).toMatchObject({ iconSize: 41 });
    expect(size.value).toBe("41");
    ui.unmount();
  });
});
