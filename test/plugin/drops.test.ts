// Drops as Figma delivers them: `pluginDrop` at dragend (plain metadata), the asset's content after
// its download as `drop-content`. The asset lands where the pointer was, whatever happens meanwhile.
import { afterEach, describe, expect, it, vi } from "vitest";
import { DRAG_TYPE } from "../../src/messages/drag";
import { DROP_WAIT_MS } from "../../src/plugin/drops";
import { ICON_SVG } from "../figma/fixtures";
import type { EmuScene } from "../figma/nodes";
import { type Booted, bootOverFrame, STAR } from "./harness";

let app: Booted;
afterEach(() => {
  vi.useRealTimers();
  app?.stop();
});

const svg = { kind: "svg" as const, svg: ICON_SVG };

/** Every node under `node` that records an asset. */
const assetsInside = (node: EmuScene): EmuScene[] =>
  node.kids().flatMap((child) => [...(child.getPluginData("asset") ? [child] : []), ...assetsInside(child)]);

async function boot() {
  const booted = await bootOverFrame();
  app = booted.app;
  return booted.frame;
}

async function dropAt(clientX: number, clientY: number, dropId: string) {
  app.port.drop({ clientX, clientY }, { dropId, asset: STAR });
  await app.settle(6);
}

const content = (dropId: string) => app.port.request("drop-content", { dropId, asset: STAR, content: svg });

describe("drops", () => {
  it("land under the pointer, inside the frame there, selected, as one undo step", async () => {
    const frame = await boot();
    await dropAt(200, 250, "d1");
    expect(frame.children).toEqual([]); // nothing before the content arrives
    const answer = await content("d1");
    const node = frame.children[0]!;
    expect(answer).toEqual({ nodeIds: [node.id], placedWhere: "point" });
    expect([node.x + 12, node.y + 12]).toEqual([100, 150]);
    expect(app.page.selection).toEqual([node]);
    expect(app.emu.state.undoCommits).toBe(1);
  });

  it("land where the pointer was even when the designer pans and zooms before the download ends", async () => {
    const frame = await boot();
    await dropAt(200, 250, "d1");
    app.figma.viewport.center = { x: 5000, y: -3000 };
    app.figma.viewport.zoom = 0.25;
    await content("d1");
    const node = frame.children[0]!;
    expect([node.absoluteTransform[0][2] + 12, node.absoluteTransform[1][2] + 12]).toEqual([200, 250]);
    // The designer chose the spot and moved on: the view stays where they took it.
    expect(app.figma.viewport.center).toEqual({ x: 5000, y: -3000 });
  });

  it("wait for the drop when its content arrives first", async () => {
    const frame = await boot();
    const placed = content("d1");
    await app.settle(6);
    expect(frame.children).toEqual([]);
    await dropAt(200, 250, "d1");
    await placed;
    expect(frame.children).toHaveLength(1);
  });

  it("never go inside an inserted asset: the new one lands beside it, in the same parent", async () => {
    const frame = await boot();
    // Twice on the same spot: the second lands on the first icon (or on a group inside it).
    for (const dropId of ["d1", "d2"]) {
      await dropAt(200, 250, dropId);
      await content(dropId);
    }
    const [first, second] = frame.children;
    expect(frame.children).toHaveLength(2);
    expect(assetsInside(first!)).toEqual([]);
    expect(second!.x).toBeGreaterThanOrEqual(first!.x + first!.width);
    expect(second!.y).toBe(first!.y);
  });

  it("land beside an inserted asset that sits on the page, on the page", async () => {
    await boot();
    for (const dropId of ["d1", "d2"]) {
      await dropAt(600, 600, dropId);
      await content(dropId);
    }
    const assets = app.page.children.filter((n) => n.getPluginData("asset") !== "");
    expect(assets).toHaveLength(2);
    expect(assets[1]!.x).toBeGreaterThanOrEqual(assets[0]!.x + assets[0]!.width);
    expect(assetsInside(assets[0]!)).toEqual([]);
  });

  it("fall back to the page when the node under the pointer is deleted before the content arrives", async () => {
    const frame = await boot();
    await dropAt(200, 250, "d1");
    frame.remove();
    const { nodeIds } = await content("d1");
    const node = app.page.children.find((n) => n.id === nodeIds[0])!;
    expect([node.x + 12, node.y + 12]).toEqual([200, 250]);
  });

  it("show a notice while a slow download runs, and take it down when the asset lands", async () => {
    await boot();
    await dropAt(200, 250, "d1");
    await vi.waitFor(() => expect(app.emu.notifications.map((n) => n.message)).toEqual(["Placing Star…"]), {
      timeout: 5000,
    });
    expect(app.emu.notifications[0]!.cancelled).toBeUndefined();
    await content("d1");
    expect(app.emu.notifications[0]!.cancelled).toBe(true);
  });

  it("forget the spot and the notice when the download fails", async () => {
    const frame = await boot();
    await dropAt(200, 250, "d1");
    await vi.waitFor(() => expect(app.emu.notifications).toHaveLength(1), { timeout: 5000 });
    await app.port.request("drop-cancel", { dropId: "d1" });
    expect(app.emu.notifications[0]!.cancelled).toBe(true);
    expect(frame.children).toEqual([]);
  });

  it("refuse content whose drop never reached the canvas, in words", async () => {
    await boot();
    vi.useFakeTimers();
    const placed = content("d7");
    const outcome = expect(placed).rejects.toMatchObject({ reason: "drop_missed" });
    await vi.advanceTimersByTimeAsync(DROP_WAIT_MS + 100);
    await outcome;
    expect(app.page.children).toHaveLength(1); // the frame only
  });

  // Figma keeps a plugin window's drags off its canvas; were one to arrive natively, it is claimed.
  it("claim a native drop of our drag (a precaution), and leave others' text alone", async () => {
    await boot();
    app.emu.drops.native({ x: 300, y: 300 }, [{ type: DRAG_TYPE, data: "d1" }]);
    expect(app.emu.drops.defaults).toEqual([]);
    // Someone else's text is not ours to claim.
    app.emu.drops.native({ x: 300, y: 300 }, [{ type: "text/plain", data: "hello" }]);
    expect(app.emu.drops.defaults.map((d) => d.made)).toEqual(["TEXT"]);
  });
});
