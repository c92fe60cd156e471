// SVG transform lists as 2D affine matrices [a, b, c, d, e, f] (x' = a x + c y + e, y' = b x + d y + f).

export type Matrix = [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

const rad = (deg: number) => (deg * Math.PI) / 180;

function one(name: string, args: number[]): Matrix {
  const [a = 0, b, c] = args;
  switch (name) {
    case "matrix":
      return args.length === 6 ? (args as Matrix) : IDENTITY;
    case "translate":
      return [1, 0, 0, 1, a, b ?? 0];
    case "scale":
      return [a, 0, 0, b ?? a, 0, 0];
    case "rotate": {
      const r: Matrix = [Math.cos(rad(a)), Math.sin(rad(a)), -Math.sin(rad(a)), Math.cos(rad(a)), 0, 0];
      if (b === undefined || c === undefined) return r;
      return multiply(multiply([1, 0, 0, 1, b, c], r), [1, 0, 0, 1, -b, -c]);
    }
    case "skewX":
      return [1, 0, Math.tan(rad(a)), 1, 0, 0];
    case "skewY":
      return [1, Math.tan(rad(a)), 0, 1, 0, 0];
    default:
      return IDENTITY;
  }
}

/** Parses `transform="translate(4 2) rotate(45)"`; unknown or malformed parts count as identity. */
export function parseTransform(value: string | undefined): Matrix {
  if (!value) return IDENTITY;
  let matrix = IDENTITY;
  for (const match of value.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/g)) {
    const args = match[2]!
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (args.some((n) => !Number.isFinite(n))) continue;
    matrix = multiply(matrix, one(match[1]!, args));
  }
  return matrix;
}

/** How much the matrix scales lengths on average: stroke widths follow it. */
export function meanScale(m: Matrix): number {
  return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2]));
}
