// Turns SVG shapes into Lottie bezier paths. Every shape is first written as path data, then
// svg-pathdata makes it absolute, expands H/V/S/T/Q, converts arcs to cubic beziers and applies the
// element's accumulated transform, so one code path serves rect, circle, ellipse, line, poly* and path.

import { SVGPathData } from "svg-pathdata";
import type { Matrix } from "./transform";

/** A Lottie path: vertices with in/out tangents relative to each vertex. */
export interface BezierPath {
  c: boolean;
  v: [number, number][];
  i: [number, number][];
  o: [number, number][];
}

export const SHAPE_ELEMENTS = ["rect", "circle", "ellipse", "line", "polyline", "polygon", "path"] as const;
export type ShapeElement = (typeof SHAPE_ELEMENTS)[number];

const num = (value: string | undefined, fallback = 0) => {
  const n = Number.parseFloat(value ?? "");
  return Number.isFinite(n) ? n : fallback;
};

function ellipseD(cx: number, cy: number, rx: number, ry: number): string {
  if (rx <= 0 || ry <= 0) return "";
  return `M${cx - rx} ${cy}A${rx} ${ry} 0 1 0 ${cx + rx} ${cy}A${rx} ${ry} 0 1 0 ${cx - rx} ${cy}Z`;
}

function rectD(a: Record<string, string>): string {
  const [x, y, w, h] = [num(a.x), num(a.y), num(a.width), num(a.height)];
  if (w <= 0 || h <= 0) return "";
  // SVG: a missing rx takes ry's value and vice versa; both are clamped to half the side.
  let rx = a.rx !== undefined ? num(a.rx) : a.ry !== undefined ? num(a.ry) : 0;
  let ry = a.ry !== undefined ? num(a.ry) : rx;
  rx = Math.min(Math.max(0, rx), w / 2);
  ry = Math.min(Math.max(0, ry), h / 2);
  if (rx === 0 || ry === 0) return `M${x} ${y}H${x + w}V${y + h}H${x}Z`;
  const arc = (tx: number, ty: number) => `A${rx} ${ry} 0 0 1 ${tx} ${ty}`;
  return (
    `M${x + rx} ${y}H${x + w - rx}${arc(x + w, y + ry)}V${y + h - ry}${arc(x + w - rx, y + h)}` +
    `H${x + rx}${arc(x, y + h - ry)}V${y + ry}${arc(x + rx, y)}Z`
  );
}

function pointsD(points: string | undefined, close: boolean): string {
  const n = (points ?? "")
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  if (n.length < 4 || n.some((v) => !Number.isFinite(v))) return "";
  let d = `M${n[0]} ${n[1]}`;
  for (let k = 2; k + 1 < n.length; k += 2) d += `L${n[k]} ${n[k + 1]}`;
  return close ? `${d}Z` : d;
}

/** Path data equivalent to a basic shape (empty when the shape draws nothing). */
export function shapeToPathData(element: ShapeElement, a: Record<string, string>): string {
  switch (element) {
    case "rect":
      return rectD(a);
    case "circle":
      return ellipseD(num(a.cx), num(a.cy), num(a.r), num(a.r));
    case "ellipse":
      return ellipseD(num(a.cx), num(a.cy), num(a.rx), num(a.ry));
    case "line":
      return `M${num(a.x1)} ${num(a.y1)}L${num(a.x2)} ${num(a.y2)}`;
    case "polyline":
      return pointsD(a.points, false);
    case "polygon":
      return pointsD(a.points, true);
    case "path":
      return a.d ?? "";
  }
}

const near = (p: [number, number], q: [number, number]) =>
  Math.abs(p[0] - q[0]) < 1e-6 && Math.abs(p[1] - q[1]) < 1e-6;

/** Parses path data into Lottie bezier paths in output space. Malformed data yields what parsed before it. */
export function pathDataToBeziers(d: string, matrix: Matrix): BezierPath[] {
  let data: SVGPathData;
  try {
    data = new SVGPathData(d);
  } catch {
    return []; // SVG renders a path up to its first error; a wholly unparsable one draws nothing
  }
  data = data
    .toAbs()
    .normalizeHVZ(false)
    .normalizeST()
    .qtToC()
    .aToC()
    .matrix(...matrix);
  const paths: BezierPath[] = [];
  let current: BezierPath | undefined;
  let start: [number, number] = [0, 0];
  const closeCurrent = (closed: boolean) => {
    if (!current) return;
    const last = current.v.length - 1;
    // A closing segment that ends where the path began would double the first vertex: fold it in.
    if (closed && last > 0 && near(current.v[last]!, current.v[0]!)) {
      current.i[0] = current.i[last]!;
      current.v.pop();
      current.i.pop();
      current.o.pop();
    }
    current.c = closed;
    if (current.v.length > 0) paths.push(current);
    current = undefined;
  };
  const begin = (x: number, y: number) => {
    current = { c: false, v: [[x, y]], i: [[0, 0]], o: [[0, 0]] };
  };
  for (const cmd of data.commands) {
    if (cmd.type === SVGPathData.MOVE_TO) {
      closeCurrent(false);
      start = [cmd.x, cmd.y];
      begin(cmd.x, cmd.y);
    } else if (cmd.type === SVGPathData.CLOSE_PATH) {
      closeCurrent(true);
      begin(start[0], start[1]); // drawing may continue from the subpath's start
    } else if (cmd.type === SVGPathData.LINE_TO || cmd.type === SVGPathData.CURVE_TO) {
      if (!current) begin(start[0], start[1]);
      const path = current!;
      const prev = path.v[path.v.length - 1]!;
      if (cmd.type === SVGPathData.CURVE_TO) path.o[path.v.length - 1] = [cmd.x1 - prev[0], cmd.y1 - prev[1]];
      path.v.push([cmd.x, cmd.y]);
      path.i.push(cmd.type === SVGPathData.CURVE_TO ? [cmd.x2 - cmd.x, cmd.y2 - cmd.y] : [0, 0]);
      path.o.push([0, 0]);
    }
  }
  closeCurrent(false);
  // A lone moveto (also the one opened after every Z) draws nothing.
  return paths.filter((p) => p.v.length > 1);
}
