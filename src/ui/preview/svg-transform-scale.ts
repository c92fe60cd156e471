// How much an SVG `transform` attribute scales what it applies to, as one factor: the square root of
// the area its matrix maps a unit square to. Figma bakes a drawing's transforms into its vectors and
// then keeps a stroke width absolute, so a width asked for must be divided by this to look the same.

const FUNCTION = /(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g;

/** The determinant of one transform function: rotations, skews and moves keep areas. */
function areaFactor(name: string, args: number[]): number {
  if (name === "matrix") return args.length === 6 ? args[0]! * args[3]! - args[1]! * args[2]! : 1;
  if (name === "scale") return args.length >= 1 ? args[0]! * (args[1] ?? args[0]!) : 1;
  return 1;
}

/** 1 for no transform, or one the browser would not draw (it then ignores it, and so do we). */
export function transformScale(transform: string | null): number {
  if (!transform) return 1;
  let area = 1;
  for (const [, name, list] of transform.matchAll(FUNCTION)) {
    const args = (list ?? "")
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (args.some((n) => !Number.isFinite(n))) return 1;
    area *= areaFactor(name!, args);
  }
  const scale = Math.sqrt(Math.abs(area));
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}
