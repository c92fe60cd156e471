// @vitest-environment happy-dom
// Which drawings are painted on a canvas (plain shapes, plain paints, no transforms) and which keep
// the image path, the shapes' outlines as path data, and the painting itself: fitted and centred,
// the chosen width, the insert bar's colour over every painted part.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type CanvasDrawing,
  canvasDrawingOf,
  paintDrawing,
  pathOf,
} from "../../../src/ui/preview/canvas-drawing";

const root = (svg: string) => new DOMParser().parseFromString(svg, "image/svg+xml").documentElement;
const svg = (
  inner: string,
  attrs = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"',
) => `<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${inner}</svg>`;
const drawingOf = (text: string) => canvasDrawingOf(root(text), { width: 24, height: 24 });
const shape = (markup: string) => root(svg(markup)).firstElementChild!;

describe("plain drawings", () => {
  it("takes Tabler's outline icons: every stroked path, none of its invisible box", () => {
    const rocket = readFileSync(
      join(import.meta.dirname, "../../../node_modules/@tabler/icons/icons/outline/rocket.svg"),
      "utf8",
    );
    const drawing = drawingOf(rocket);
    expect(drawing?.ops).toHaveLength(3);
    expect(drawing?.ops.every((op) => op.stroke === "currentColor" && op.fill === null)).toBe(true);
    expect(drawing?.ops[0]).toMatchObject({ cap: "round", join: "round", miter: 4 });
    expect(drawing?.box).toEqual({ x: 0, y: 0, width: 24, height: 24 });
  });

  it("inherits paints and caps through groups, and keeps fills", () => {
    const drawing = drawingOf(
      svg(
        '<g stroke="#123456" stroke-linejoin="bevel"><path d="M1 1h2" fill="red"/></g><path d="M0 0" stroke="none"/>',
      ),
    );
    expect(drawing?.ops).toEqual([
      {
        path: "M1 1h2",
        fill: "red",
        stroke: "#123456",
        cap: "butt",
        join: "bevel",
        miter: 4,
        fillRule: "nonzero",
      },
    ]);
  });

  it("leaves anything else to the image path", () => {
    for (const inner of [
      '<g transform="scale(2)"><path d="M0 0h4"/></g>',
      '<path style="stroke:red" d="M0 0h4"/>',
      "<style>path{stroke:red}</style><path d='M0 0h4'/>",
      '<path stroke="url(#g)" d="M0 0h4"/>',
      '<path opacity="0.5" d="M0 0h4"/>',
      '<path stroke-dasharray="2 2" d="M0 0h4"/>',
      "<text>A</text>",
      '<use href="#a"/>',
      '<path stroke-linecap="weird" d="M0 0h4"/>',
      '<circle cx="x" cy="1" r="1"/>',
    ]) {
      expect(drawingOf(svg(inner)), inner).toBeNull();
    }
    expect(
      drawingOf(svg('<path d="M0 0h4"/>', 'viewBox="0 0 24 24" stroke="#000" transform="rotate(9)"')),
    ).toBeNull();
    // Nothing painted at all: nothing to draw.
    expect(drawingOf(svg('<path d="M0 0h4" stroke="none"/>'))).toBeNull();
  });
});

describe("outlines as path data", () => {
  it("turns lines, polylines, polygons, circles, ellipses and rects into paths", () => {
    expect(pathOf(shape('<line x1="1" y1="2" x2="3" y2="4"/>'))).toBe("M1 2L3 4");
    expect(pathOf(shape('<polyline points="1,2 3,4 5 6"/>'))).toBe("M1 2L3 4L5 6");
    expect(pathOf(shape('<polygon points="1 2 3 4 5 6"/>'))).toBe("M1 2L3 4L5 6Z");
    expect(pathOf(shape('<circle cx="12" cy="12" r="3"/>'))).toBe("M9 12A3 3 0 1 0 15 12A3 3 0 1 0 9 12Z");
    expect(pathOf(shape('<ellipse cx="5" cy="5" rx="2" ry="1"/>'))).toBe("M3 5A2 1 0 1 0 7 5A2 1 0 1 0 3 5Z");
    expect(pathOf(shape('<rect x="1" y="2" width="3" height="4"/>'))).toBe("M1 2H4V6H1Z");
    expect(pathOf(shape('<rect x="0" y="0" width="10" height="4" rx="3"/>'))).toBe(
      "M3 0H7A3 2 0 0 1 10 2V2A3 2 0 0 1 7 4H3A3 2 0 0 1 0 2V2A3 2 0 0 1 3 0Z",
    );
    // Nothing to draw: no path.
    expect(pathOf(shape('<circle cx="1" cy="1" r="0"/>'))).toBe("");
    expect(pathOf(shape('<polyline points="1"/>'))).toBe("");
  });
});

describe("painting", () => {
  // happy-dom has no Path2D: a stand-in that keeps the path data, as the browser's reads it.
  class FakePath {
    constructor(readonly d: string) {}
    toString() {
      return this.d;
    }
  }
  globalThis.Path2D ??= FakePath as unknown as typeof Path2D;
  function recorder() {
    const calls: string[] = [];
    const context = new Proxy(
      {},
      {
        get:
          (_target, name: string) =>
          (...args: unknown[]) =>
            calls.push(`${name}(${args.join(",")})`),
        set: (_target, name: string, value: unknown) => {
          calls.push(`${name}=${value}`);
          return true;
        },
      },
    ) as unknown as CanvasRenderingContext2D;
    return { calls, context };
  }
  const drawing: CanvasDrawing = {
    box: { x: 0, y: 0, width: 24, height: 12 },
    ops: [
      {
        path: "M0 0h4",
        fill: "#00ff00",
        stroke: "currentColor",
        cap: "round",
        join: "round",
        miter: 4,
        fillRule: "evenodd",
      },
    ],
  };

  it("fits and centres the drawing, fills then strokes at the chosen width, currentColor in black", () => {
    const { calls, context } = recorder();
    paintDrawing(context, drawing, { strokeUnits: 1.5, tint: null }, 48, 48);
    // 24 x 12 in 48 x 48: scale 2, centred down by 12 px.
    expect(calls).toContain("setTransform(2,0,0,2,0,12)");
    expect(calls.indexOf("fillStyle=#00ff00")).toBeLessThan(calls.indexOf("strokeStyle=#000"));
    expect(calls).toContain("lineWidth=1.5");
    expect(calls).toContain("lineCap=round");
    expect(calls).toContain("fill(M0 0h4,evenodd)");
    expect(calls).toContain("stroke(M0 0h4)");
  });

  it("paints every painted part in the colour chosen", () => {
    const { calls, context } = recorder();
    paintDrawing(context, drawing, { strokeUnits: 1, tint: "#e03e1a" }, 24, 24);
    expect(calls).toContain("fillStyle=#e03e1a");
    expect(calls).toContain("strokeStyle=#e03e1a");
  });
});
