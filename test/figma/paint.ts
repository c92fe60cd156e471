// Colours and paints as Figma models them (0..1 channels, paints frozen so the plugin must assign new
// arrays, as in Figma), and their SVG spelling for rendering exports.

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const NAMED: Record<string, string> = {
  black: "#000000",
  white: "#ffffff",
  red: "#ff0000",
  green: "#008000",
  blue: "#0000ff",
  currentcolor: "#000000",
};

/** Parses an SVG colour; null for "none"/"transparent", undefined when not a plain colour. */
export function parseColor(raw: string | undefined): { color: Rgb; opacity: number } | null | undefined {
  if (raw === undefined) return undefined;
  const value = raw.trim().toLowerCase();
  if (value === "none" || value === "transparent") return null;
  const hex = NAMED[value] ?? value;
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(hex);
  if (m) return { color: rgb(m[1]!.repeat(2), m[2]!.repeat(2), m[3]!.repeat(2)), opacity: 1 };
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/.exec(hex);
  if (m) return { color: rgb(m[1]!, m[2]!, m[3]!), opacity: m[4] ? Number.parseInt(m[4], 16) / 255 : 1 };
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+))?\s*\)$/.exec(value);
  if (m) {
    const c = (s: string) => Math.min(255, Number(s)) / 255;
    return { color: { r: c(m[1]!), g: c(m[2]!), b: c(m[3]!) }, opacity: m[4] ? Number(m[4]) : 1 };
  }
  return undefined;
}

function rgb(r: string, g: string, b: string): Rgb {
  return {
    r: Number.parseInt(r, 16) / 255,
    g: Number.parseInt(g, 16) / 255,
    b: Number.parseInt(b, 16) / 255,
  };
}

export function solid(color: Rgb, opacity = 1): SolidPaint {
  return { type: "SOLID", color: { ...color }, opacity, visible: true, blendMode: "NORMAL" };
}

/** Figma returns paints frozen: `node.fills[0].color = x` throws; a new array must be assigned. */
export function freezePaints(paints: readonly Paint[]): readonly Paint[] {
  return Object.freeze(paints.map((p) => deepFreeze(structuredClone(p))));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

function hex2(n: number): string {
  return Math.round(Math.max(0, Math.min(1, n)) * 255)
    .toString(16)
    .padStart(2, "0");
}

export function colorToHex(c: RGB): string {
  return `#${hex2(c.r)}${hex2(c.g)}${hex2(c.b)}`;
}

/** The SVG paint for the first visible paint; gradients keep the source's own reference. */
export function paintToSvg(
  paints: readonly Paint[],
  sourceRef?: string,
): { paint: string; opacity?: number } {
  const p = paints.find((x) => x.visible !== false);
  if (!p) return { paint: "none" };
  if (p.type === "SOLID") return { paint: colorToHex(p.color), opacity: p.opacity ?? 1 };
  if (p.type.startsWith("GRADIENT") && sourceRef) return { paint: sourceRef };
  return { paint: "#000000" };
}
