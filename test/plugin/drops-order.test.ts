// Drops whose messages come in an awkward order or too late: the ui gave up on a drop before Figma
// delivered it, a drop came after its content was refused, content came after its landing expired.
// Nothing may be left on screen (a "Placing…" notice with no end) and every refusal is in words.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DROP_WAIT_MS, LANDING_KEEP_MS, SLOW_DROP_MS } from "../../src/plugin/drops";
import { content } from "./drop-support";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => {
  vi.useRealTimers();
  app?.stop();
});

async function boot() {
  app = await bootPlugin({ uiOrigin: { x: 0, y: 0 } });
  app.figma.viewport.center = { x: 720, y: 450 };
  vi.useFakeTimers();
}

/** A pluginDrop at an iframe point, with the emulator's turns run on the fake clock. */
async function drop(dropId: string) {
  app.port.drop({ clientX: 200, clientY: 250 }, { dropId, asset: STAR });
  await vi.advanceTimersByTimeAsync(10);
}

/** Notices still up that are not errors (an error notice goes away by itself). */
const shown = () => app.emu.notifications.filter((n) => !n.cancelled && !n.error).map((n) => n.message);

describe("drops out of order", () => {
  it("leave no notice up when the download fails before Figma delivers the drop", async () => {
    await boot();
    app.emu.ui.holdDrops = true; // Figma is still finding the node under the pointer
    await drop("d1");
    const cancelled = app.port.request("drop-cancel", { dropId: "d1" });
    await vi.advanceTimersByTimeAsync(10);
    await cancelled;
    app.emu.ui.releaseDrops();
    await vi.advanceTimersByTimeAsync(SLOW_DROP_MS * 3);
    expect(shown()).toEqual([]);
    expect(app.page.children).toEqual([]);
  });

  it("leave no notice up for a drop that arrives after its content was refused as missed", async () => {
    await boot();
    const placed = content(app, "d2");
    const refused = expect(placed).rejects.toMatchObject({ reason: "drop_missed" });
    await vi.advanceTimersByTimeAsync(DROP_WAIT_MS + 100);
    await refused;
    await drop("d2");
    await vi.advanceTimersByTimeAsync(SLOW_DROP_MS * 3);
    expect(shown()).toEqual([]);
    expect(app.page.children).toEqual([]);
  });

  it("take the notice down when the landing expires, and refuse later content as expired, not missed", async () => {
    await boot();
    await drop("d3");
    await vi.advanceTimersByTimeAsync(SLOW_DROP_MS + 10);
    expect(shown()).toEqual(["Placing Star…"]);
    await vi.advanceTimersByTimeAsync(LANDING_KEEP_MS);
    expect(shown()).toEqual([]);
    const late = content(app, "d3");
    const refused = expect(late).rejects.toMatchObject({ reason: "drop_expired" });
    await vi.advanceTimersByTimeAsync(10);
    await refused;
    expect(app.page.children).toEqual([]);
  });
});
