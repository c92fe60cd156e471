// Resolves the paint of an SVG element the way SVG does: presentation attributes and style="" on the
// element and its ancestors (inherited), currentColor, named colours, and opacity multiplied down the tree.

import colorNames from "color-name";

export type Rgba = [number, number, number, number];

export interface Paint {
  fill: Rgba | null;
  fillRule: "nonzero" | "evenodd";
  stroke: Rgba | null;
  strokeWidth: number;
  lineCap: "butt" | "round" | "square";
  lineJoin: "miter" | "round" | "bevel";
  miterLimit: number;
  /** Product of every ancestor's and the element's own `opacity`. */
  opacity: number;
}

/** The properties a child inherits (opacity is not inherited in SVG, it multiplies; it is kept apart). */
export type StyleContext = Record<string, string>;

const INHERITED = [
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-opacity",
  "stroke-width",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "color",
];

export const ROOT_STYLE: StyleContext = {
  fill: "black",
  stroke: "none",
  "stroke-width": "1",
  color: "black",
};

/** `style="a: b; c: d"` as a record; a declaration there beats the attribute of the same name. */
function declarations(attributes: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (attributes.style ?? "").split(";")) {
    const colon = part.indexOf(":");
    if (colon > 0)
      out[part.slice(0, colon).trim()] = part
        .slice(colon + 1)
        .replace(/!important/, "")
        .trim();
  }
  return out;
}

/** An element's own properties: attributes overridden by its style="" declarations. */
export function ownProperties(attributes: Record<string, string>): Record<string, string> {
  return { ...attributes, ...declarations(attributes) };
}

export function inheritStyle(parent: StyleContext, attributes: Record<string, string>): StyleContext {
  const own = ownProperties(attributes);
  const next = { ...parent };
  for (const name of INHERITED) {
    const value = own[name];
    if (value !== undefined && value !== "inherit") next[name] = value;
  }
  return next;
}

/** The element's own opacity (not inherited): group opacity multiplies into its children. */
export function ownOpacity(attributes: Record<string, string>): number {
  const value = declarations(attributes).opacity ?? attributes.opacity;
  return clamp01(parseAmount(value) ?? 1);
}

function clamp01(n: number): number {
  return Math.min(1, Math.max(0, n));
}

export function parseAmount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number.parseFloat(value);
  if (!Number.isFinite(n)) return undefined;
  return value.trim().endsWith("%") ? n / 100 : n;
}

/** Parses a CSS colour; `gradients` maps a url(#id) paint server to a representative colour. */
export function parseColor(value: string, current: string, gradients: Map<string, Rgba>): Rgba | null {
  const v = value.trim().toLowerCase();
  if (v === "none" || v === "transparent" || v === "") return null;
  if (v === "currentcolor")
    return current.toLowerCase() === "currentcolor" ? [0, 0, 0, 1] : parseColor(current, "black", gradients);
  const url = /^url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/.exec(v);
  if (url) return gradients.get(url[1]!) ?? null;
  const hex = /^#([0-9a-f]{3,8})$/.exec(v)?.[1];
  if (hex && [3, 4, 6, 8].includes(hex.length)) {
    const digits = hex.length <= 4 ? [...hex].map((c) => c + c) : hex.match(/../g)!;
    const [r, g, b, a = "ff"] = digits as [string, string, string, string?];
    return [
      Number.parseInt(r, 16) / 255,
      Number.parseInt(g, 16) / 255,
      Number.parseInt(b, 16) / 255,
      Number.parseInt(a, 16) / 255,
    ];
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(v);
  if (fn) {
    const parts = fn[1]!.split(/[\s,/]+/).filter(Boolean);
    const channel = (p: string | undefined) =>
      clamp01(p?.endsWith("%") ? Number.parseFloat(p) / 100 : Number(p) / 255);
    const alpha = parseAmount(parts[3]) ?? 1;
    const rgb = [channel(parts[0]), channel(parts[1]), channel(parts[2])];
    return rgb.some(Number.isNaN) ? null : [rgb[0]!, rgb[1]!, rgb[2]!, clamp01(alpha)];
  }
  const named = colorNames[v];
  return named ? [named[0] / 255, named[1] / 255, named[2] / 255, 1] : null;
}

export function resolvePaint(style: StyleContext, opacity: number, gradients: Map<string, Rgba>): Paint {
  const current = style.color ?? "black";
  const withOpacity = (colour: Rgba | null, amount: string | undefined): Rgba | null =>
    colour ? [colour[0], colour[1], colour[2], colour[3] * clamp01(parseAmount(amount) ?? 1)] : null;
  const cap = style["stroke-linecap"];
  const join = style["stroke-linejoin"];
  return {
    fill: withOpacity(parseColor(style.fill ?? "black", current, gradients), style["fill-opacity"]),
    fillRule: style["fill-rule"] === "evenodd" ? "evenodd" : "nonzero",
    stroke: withOpacity(parseColor(style.stroke ?? "none", current, gradients), style["stroke-opacity"]),
    strokeWidth: Math.max(0, parseAmount(style["stroke-width"]) ?? 1),
    lineCap: cap === "round" || cap === "square" ? cap : "butt",
    lineJoin: join === "round" || join === "bevel" ? join : "miter",
    miterLimit: parseAmount(style["stroke-miterlimit"]) ?? 4,
    opacity,
  };
}
