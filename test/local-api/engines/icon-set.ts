// The real icon sets the similarity tests and bench use, and the transformed queries a designer might
// upload: an icon resized, recoloured, or placed on a coloured background.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";

export interface Icon {
  uuid: string;
  svg: string;
}

const require = createRequire(import.meta.url);
// Found through Node's lookup paths: neither package exports its package.json or its asset folders.
function packageRoot(name: string): string {
  const root = require.resolve
    .paths(name)
    ?.map((dir) => join(dir, name))
    .find((dir) => existsSync(dir));
  if (!root) throw new Error(`${name} is not installed`);
  return root;
}
const tablerDir = join(packageRoot("@tabler/icons"), "icons");
const phosphorDir = join(packageRoot("@phosphor-icons/core"), "assets");

function folder(dir: string, prefix: string): Icon[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".svg"))
    .sort()
    .map((f) => ({ uuid: `${prefix}/${f.slice(0, -4)}`, svg: readFileSync(join(dir, f), "utf8") }));
}

/** Every tabler (outline, filled) and phosphor (six weights) icon: about 15k. */
export function allIcons(): Icon[] {
  const sets = [
    folder(join(tablerDir, "outline"), "tabler-outline"),
    folder(join(tablerDir, "filled"), "tabler-filled"),
  ];
  for (const weight of readdirSync(phosphorDir).sort())
    sets.push(folder(join(phosphorDir, weight), `phosphor-${weight}`));
  return sets.flat();
}

/** A deterministic pseudo-random generator (mulberry32), so samples and transforms repeat exactly. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function sample<T>(items: readonly T[], count: number, rand: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

export type QueryTransform = "resize" | "recolour" | "background";
export const QUERY_TRANSFORMS: readonly QueryTransform[] = ["resize", "recolour", "background"];

const hex = (rand: () => number, lo: number, hi: number) =>
  `#${[0, 1, 2]
    .map(() =>
      Math.floor(lo + rand() * (hi - lo))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Draws the icon in `colour` at `size` px onto `background` (or transparent) with `padding` px around it. */
function draw(svg: string, size: number, colour: string, background: string | undefined, padding: number) {
  const coloured = svg.replace(/<svg\b/, `<svg color="${colour}"`);
  const icon = new Resvg(coloured, { fitTo: { mode: "width", value: size } }).render().asPng();
  const base = background ? sharp(icon).flatten({ background }) : sharp(icon);
  return base.extend({
    top: padding,
    bottom: padding,
    left: padding,
    right: padding,
    background: background ?? { r: 0, g: 0, b: 0, alpha: 0 },
  });
}

/** The upload a user might make from a catalogue icon: PNG, JPEG or WebP bytes. */
export async function transformedQuery(
  icon: Icon,
  transform: QueryTransform,
  rand: () => number,
): Promise<Buffer> {
  switch (transform) {
    case "resize": // a cut-out PNG at an arbitrary size
      return draw(icon.svg, Math.round(40 + rand() * 200), "#000000", undefined, Math.round(rand() * 20))
        .png()
        .toBuffer();
    case "recolour": // a screenshot: the icon in a brand colour on white, saved as JPEG
      return draw(icon.svg, 96, hex(rand, 0, 200), "#ffffff", 12)
        .jpeg({ quality: 85 })
        .toBuffer();
    case "background": // a light icon on a saturated tile, saved as WebP
      return draw(icon.svg, 128, hex(rand, 220, 256), hex(rand, 20, 140), 24)
        .webp({ quality: 85 })
        .toBuffer();
  }
}
