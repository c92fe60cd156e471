// The intrinsic size of an SVG in CSS pixels, read the way a browser does: width/height with units,
// else the viewBox. Only the root's attributes are read (svg-scan.ts stops there), so no depth of
// nesting below it can make this throw or take long.

import { ScanProblem, scanXml } from "./svg-scan";

/** CSS pixels per unit (CSS fixes 96 px to the inch). */
const PX_PER_UNIT: Record<string, number> = {
  "": 1,
  px: 1,
  pt: 96 / 72,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
  q: 96 / 101.6,
};

export interface SvgSize {
  width: number;
  height: number;
}

function lengthInPx(value: unknown): number | undefined {
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const match = /^\s*([+]?\d*\.?\d+(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i.exec(String(value));
  if (!match) return undefined; // percentages and nonsense fall back to the viewBox
  const factor = PX_PER_UNIT[match[2]!.toLowerCase()];
  const n = Number(match[1]) * (factor ?? Number.NaN);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

export function parseViewBox(value: unknown): [number, number, number, number] | undefined {
  if (typeof value !== "string") return undefined;
  const parts = value
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) return undefined;
  return parts[2]! > 0 && parts[3]! > 0 ? (parts as [number, number, number, number]) : undefined;
}

/** Reads the root <svg> attributes; undefined when neither size nor viewBox says anything. */
export function svgIntrinsicSize(svg: string): SvgSize | undefined {
  let root: Map<string, string> | undefined;
  const found = new ScanProblem("root read");
  try {
    scanXml(svg, {
      open(name, attributes) {
        if (/^(?:[\w-]+:)?svg$/.test(name)) root = attributes;
        throw found; // the root is all this needs: stop reading
      },
      close() {},
    });
  } catch (error) {
    if (!(error instanceof ScanProblem)) throw error;
  }
  return root ? svgSizeFromRoot(root) : undefined;
}

/** The intrinsic size stated by a root <svg>'s attributes (width/height with units, else viewBox). */
export function svgSizeFromRoot(root: ReadonlyMap<string, string>): SvgSize | undefined {
  const viewBox = parseViewBox(root.get("viewBox"));
  let width = lengthInPx(root.get("width"));
  let height = lengthInPx(root.get("height"));
  if (viewBox) {
    const aspect = viewBox[2] / viewBox[3];
    if (width === undefined && height !== undefined) width = height * aspect;
    if (height === undefined && width !== undefined) height = width / aspect;
    width ??= viewBox[2];
    height ??= viewBox[3];
  }
  return width !== undefined && height !== undefined ? { width, height } : undefined;
}
