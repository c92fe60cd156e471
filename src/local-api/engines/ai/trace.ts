// The tracing behind vectorize, run inside an engine worker (workers/engine-tasks.ts): vtracer
// (vtracer.ts) turns a raster into a few filled paths a designer can
// edit. Flat art (icons, logos, screenshots of flat shapes) is traced as it is; a picture that comes
// out too detailed for that (a photograph) is traced again as a poster: smoothed, at most 16 flat
// colours, 256 px of detail, straight-edged shapes. Whatever the input, the answer is at most 256 KB
// and 1000 paths (TRACE_LIMITS); past that the upload is refused rather than handed to Figma to choke on.
//
// A native call cannot be interrupted: the worker's deadline only ends the thread once the call
// returns. So the work of every call is bounded before it starts: at most TRACE_EDGE px on the long
// side (262 144 pixels) and at most 16 colours, after which vtracer's clustering and fitting are linear
// in pixels (measured worst case, 512 x 512 random noise: about 2.5 s on the 2-core bench machine).
// A picture with translucent parts is traced in at most four such calls (alpha-layers.ts).

import sharp from "sharp";
import { asInputFailure, EngineError } from "../errors";
import { requireInput } from "../sniff";
import { splitByOpacity } from "./alpha-layers";
import { decodeRaster, RASTER_INPUTS, UPLOAD_MAX_PIXELS } from "./decode";
import { runVtracer, type TraceStyle } from "./vtracer";

/** Long edge flat art is traced at; a larger upload is scaled down first, a smaller one never up. */
export const TRACE_EDGE = 512;
/** Long edge of a poster (a photograph's trace): detail beyond it becomes noise in shapes. */
export const POSTER_EDGE = 256;
/** Palette sizes the quantiser keeps exactly (libimagequant through a 1, 2 or 4-bit PNG palette). */
export const VECTORIZE_PALETTES = [2, 4, 16] as const;
export type VectorizePalette = (typeof VECTORIZE_PALETTES)[number];

export interface TraceLimits {
  /** A flat-art trace above either is a photograph's: it is traced again as a poster. */
  flatArt: { bytes: number; paths: number };
  /** The largest answer: Figma takes a few hundred paths in a moment, thousands freeze it. */
  answer: { bytes: number; paths: number };
}

export const TRACE_LIMITS: TraceLimits = {
  flatArt: { bytes: 96 * 1024, paths: 400 },
  answer: { bytes: 256 * 1024, paths: 1000 },
};

interface TraceLevel {
  style: TraceStyle;
  edge: number;
  /** Median filter side (px) before quantising: flattens grain so areas stay whole. 0 = none. */
  median: number;
}

const FLAT_ART: TraceLevel = { style: "flat-art", edge: TRACE_EDGE, median: 0 };
const POSTER: TraceLevel = { style: "poster", edge: POSTER_EDGE, median: 5 };

/** A colour SVG of the upload, drawn at the upload's own size. */
export async function traceToSvg(
  bytes: Uint8Array,
  colours: VectorizePalette,
  limits: TraceLimits = TRACE_LIMITS,
): Promise<string> {
  const size = await uploadSize(bytes);
  for (const [level, limit] of [
    [FLAT_ART, limits.flatArt],
    [POSTER, limits.answer],
  ] as const) {
    const traced = await traceLayers(bytes, level, colours);
    const svg = standalone(traced.body, traced, size);
    const paths = countPaths(svg);
    if (paths === 0) {
      throw new EngineError(
        "invalid_input_file",
        "The image has nothing to trace: it is empty, fully transparent or too small.",
      );
    }
    if (Buffer.byteLength(svg) <= limit.bytes && paths <= limit.paths) return svg;
  }
  throw new EngineError(
    "conversion_failed",
    "This picture has too much fine detail to become editable shapes. Try a simpler image or a crop of it.",
  );
}

/** The upload's width and height once its EXIF orientation is applied (from its header). */
async function uploadSize(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  requireInput(bytes, RASTER_INPUTS);
  try {
    const { autoOrient } = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
    return autoOrient;
  } catch (error) {
    throw asInputFailure(error, "The image is damaged or cannot be decoded");
  }
}

/**
 * The SVG body of the upload, traced layer by layer (alpha-layers.ts): each translucent band as a
 * group with its opacity, under the opaque shapes. At most four vtracer calls, each on at most
 * TRACE_EDGE px and `colours` colours, so the whole stays bounded.
 */
async function traceLayers(
  bytes: Uint8Array,
  level: TraceLevel,
  colours: number,
): Promise<{ width: number; height: number; body: string }> {
  const scaled = await decodeRaster(bytes, level.edge);
  const raw = { raw: { width: scaled.width, height: scaled.height, channels: 4 as const } };
  const data =
    level.median > 0 ? await sharp(scaled.data, raw).median(level.median).raw().toBuffer() : scaled.data;
  let body = "";
  for (const layer of splitByOpacity({ ...scaled, data })) {
    // Quantised to `colours` so the clustering's work is bounded.
    const palette = await sharp(layer.data, raw).png({ palette: true, colours, dither: 0 }).toBuffer();
    const pixels = { ...scaled, data: await sharp(palette).ensureAlpha().raw().toBuffer() };
    const shapes = innerOf(await runVtracer(pixels, level.style));
    if (shapes === "") continue;
    body += layer.opacity === undefined ? shapes : `<g opacity="${layer.opacity}">${shapes}</g>`;
  }
  return { width: scaled.width, height: scaled.height, body };
}

/** What vtracer drew, without its root element; a one-pixel cluster's empty path dropped. */
function innerOf(svg: string): string {
  const root = /<svg\b[^>]*>/.exec(svg);
  if (!root) throw new EngineError("conversion_failed", "The picture could not be traced.");
  const end = svg.lastIndexOf("</svg>");
  return svg
    .slice(root.index + root[0].length, end < 0 ? undefined : end)
    .replace(/<path\b[^>]*\sd=""[^>]*\/>/g, "")
    .trim();
}

/**
 * The traced SVG as a file of its own, drawn at the upload's size: the traced size becomes the
 * viewBox.
 */
function standalone(
  body: string,
  traced: { width: number; height: number },
  size: { width: number; height: number },
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 ${traced.width} ${traced.height}">${body}</svg>`;
}

function countPaths(svg: string): number {
  return svg.match(/<path\b/g)?.length ?? 0;
}
