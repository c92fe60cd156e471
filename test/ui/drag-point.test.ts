// The release point of a drag from the grid, whatever the browser reports on dragend.
import { describe, expect, it } from "vitest";
import { createDragTracker, viewportOnScreen, whereReleased } from "../../src/ui/grid/drag-point";

const at = (clientX: number, clientY: number, screenX = 0, screenY = 0) => ({
  clientX,
  clientY,
  screenX,
  screenY,
});

describe("the release point of a drag", () => {
  it("is dragend's own point where the browser reports it", () => {
    const tracker = createDragTracker();
    tracker.see(at(10, 10, 1010, 110));
    expect(tracker.released(at(-300, 220, 700, 320))).toEqual({ clientX: -300, clientY: 220 });
  });

  it("comes from dragend's screen point when its client point is 0,0 (Firefox)", () => {
    const tracker = createDragTracker();
    tracker.see(at(50, 60, 1050, 160));
    tracker.see(at(0, 0, 0, 0)); // Firefox's drag events: no position at all
    expect(tracker.released(at(0, 0, 700, 320))).toEqual({ clientX: -300, clientY: 220 });
    // No dragover seen: Firefox's own account of where the viewport is on screen.
    tracker.start();
    expect(tracker.released(at(0, 0, 700, 320), { x: 1000, y: 100 })).toEqual({
      clientX: -300,
      clientY: 220,
    });
  });

  it("is unknown when dragend has no position at all, whatever was seen before (inside the window)", () => {
    const tracker = createDragTracker();
    expect(tracker.released(at(0, 0))).toBeNull();
    // Firefox: dragover over the window only, drag events at 0,0. That last position is inside the
    // window, so standing in for the release it would turn every drop into no drop at all.
    tracker.see(at(50, 60, 1050, 160));
    tracker.see(at(0, 0, 0, 0));
    expect(tracker.released(at(0, 0, 0, 0))).toBeNull();
  });

  it("is a drop on the canvas only outside the window's box, and unknown without a point", () => {
    expect(whereReleased({ clientX: 120, clientY: 40 }, 360, 560)).toEqual({ kind: "window" });
    expect(whereReleased({ clientX: 361, clientY: 40 }, 360, 560)).toEqual({
      kind: "canvas",
      point: { clientX: 361, clientY: 40 },
    });
    expect(whereReleased(null, 360, 560)).toEqual({ kind: "unknown" });
  });

  it("reads Firefox's viewport position only where the browser has one", () => {
    expect(viewportOnScreen({})).toBeUndefined();
    expect(viewportOnScreen({ mozInnerScreenX: 1000, mozInnerScreenY: 100 })).toEqual({ x: 1000, y: 100 });
  });
});
