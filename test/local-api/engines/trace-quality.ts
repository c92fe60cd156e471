// How well vectorize keeps a shape, shared by the vectorize tests and bench/vectorize.bench.mjs: eight
// of the catalogue's own icons rendered to PNG (the upload a designer makes from a flat icon), the
// traced SVG rendered back at the same size, and the overlap of the two inks (intersection over union).

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Resvg } from "@resvg/resvg-js";
import sharp from "sharp";
import { SVGPathData } from "svg-pathdata";
import { packageDir } from "../../../src/local-api/catalog/package-dir";

/**
 * Eight packaged icons of both sets: line icons (2 px strokes, round joins), solid glyphs, a
 * duotone (a 20 % tint under the lines) and the rocket, which the old tracer broke into 588 paths.
 */
export const TRACE_ICONS = [
  "tabler/outline/rocket",
  "tabler/outline/home",
  "tabler/outline/camera",
  "tabler/filled/heart",
  "phosphor/regular/house",
  "phosphor/bold/bell",
  "phosphor/fill/star",
  "phosphor/duotone/cloud",
] as const;

/** The icon's SVG file in its package, as the catalogue serves it. */
export function packagedIconSvg(id: string): string {
  const [set, variant, name] = id.split("/");
  const file =
    set === "tabler"
      ? join(packageDir("@tabler/icons"), "icons", variant!, `${name}.svg`)
      : join(
          packageDir("@phosphor-icons/core"),
          "assets",
          variant!,
          `${name}${variant === "regular" ? "" : `-${variant}`}.svg`,
        );
  return readFileSync(file, "utf8");
}

/** The icon drawn by sharp (librsvg) as a `size` px square PNG, black on transparent. */
export async function renderIconPng(id: string, size: number): Promise<Buffer> {
  const svg = Buffer.from(packagedIconSvg(id));
  const { width = size } = await sharp(svg).metadata();
  return sharp(svg, { density: (72 * size) / width })
    .resize(size, size, { fit: "contain", background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

/** Which pixels carry ink: darker than mid grey once laid on white (alpha and colour both count). */
async function inkOf(png: Uint8Array, size: number): Promise<Uint8Array> {
  const { data } = await sharp(png)
    .resize(size, size, { fit: "fill" })
    .flatten({ background: "#ffffff" })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const ink = new Uint8Array(size * size);
  for (let i = 0; i < ink.length; i++) {
    const luma = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
    ink[i] = luma < 128 ? 1 : 0;
  }
  return ink;
}

/** The traced SVG drawn back by resvg at `size` px wide. */
export function renderSvgPng(svg: string, size: number): Buffer {
  return new Resvg(svg, { fitTo: { mode: "width", value: size } }).render().asPng();
}

/** Intersection over union of the inks of the source raster and the traced SVG (1 = the same shape). */
export async function inkIoU(source: Uint8Array, svg: string, size: number): Promise<number> {
  const [a, b] = await Promise.all([inkOf(source, size), inkOf(renderSvgPng(svg, size), size)]);
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += a[i]! & b[i]!;
    either += a[i]! | b[i]!;
  }
  return either === 0 ? 1 : both / either;
}

/** Drawn shapes in an SVG: every path, polygon and basic shape element. */
export function pathCount(svg: string): number {
  return svg.match(/<(path|polygon|polyline|rect|circle|ellipse|line)\b/g)?.length ?? 0;
}

/** A photo-like picture: smooth colour waves under strong per-pixel grain, as JPEG (seeded, repeatable). */
export async function noisyPhoto(width: number, height: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        seed = (seed * 16807) % 2147483647;
        const wave = 128 + 100 * Math.sin((x * (c + 1)) / 97 + (y * (3 - c)) / 61);
        data[i + c] = Math.max(0, Math.min(255, Math.round(wave + ((seed % 61) - 30))));
      }
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Anchor points a designer would see: one per segment end of every path (closing segments not counted). */
export function anchorCount(svg: string): number {
  let anchors = 0;
  for (const [, d] of svg.matchAll(/\sd="([^"]*)"/g)) {
    anchors += new SVGPathData(d!).commands.filter((c) => c.type !== SVGPathData.CLOSE_PATH).length;
  }
  return anchors;
}
