// svg-to-png and svg-to-jpg: resvg draws the SVG (no fonts from the system, no network), sharp writes JPG.
// Uploads are drawn in a killable child process (workers/resvg-process.ts); the catalogue's own icons,
// which are trusted and small, are drawn in this process (rasteriseSvg, rasteriseSvgAsync).

import { Resvg, renderAsync } from "@resvg/resvg-js";
import sharp from "sharp";
import { asConversionFailure, asInputFailure, EngineError } from "./errors";
import { renderInChildProcess } from "./workers/resvg-process";

export const SVG_MIN_EDGE = 1;
export const SVG_MAX_EDGE = 4096;

export interface SvgRasterOptions {
  /** Output width in pixels (1..4096); the height follows the aspect ratio. Default: the SVG's own size. */
  width?: number;
  /** Output height in pixels (1..4096); used when width is absent. */
  height?: number;
  /** Fill behind the drawing; default transparent for PNG. */
  background?: string;
}

function checkEdge(name: string, value: number | undefined) {
  if (value === undefined) return;
  if (!Number.isInteger(value) || value < SVG_MIN_EDGE || value > SVG_MAX_EDGE) {
    throw new EngineError(
      "invalid_request",
      `${name} must be an integer from ${SVG_MIN_EDGE} to ${SVG_MAX_EDGE}.`,
    );
  }
}

type FitTo = { mode: "width" | "height"; value: number } | { mode: "original" };

/** The resvg options for a raster of at most SVG_MAX_EDGE on its long side. */
function renderOptions(svg: Buffer, options: SvgRasterOptions) {
  checkEdge("width", options.width);
  checkEdge("height", options.height);
  const font = { loadSystemFonts: false };
  let fitTo: FitTo =
    options.width !== undefined
      ? { mode: "width", value: options.width }
      : options.height !== undefined
        ? { mode: "height", value: options.height }
        : { mode: "original" };
  if (fitTo.mode === "original") {
    const probe = new Resvg(svg, { font }); // parsing only: tells the SVG's own size
    if (Math.max(probe.width, probe.height) > SVG_MAX_EDGE) {
      fitTo = { mode: probe.width >= probe.height ? "width" : "height", value: SVG_MAX_EDGE };
    }
  }
  return { fitTo, background: options.background, font };
}

/** resvg fails only on what it cannot read or size (no root, a zero or nonsense size): the file's fault. */
function renderFailure(error: unknown): EngineError {
  return asInputFailure(error, "The SVG cannot be drawn");
}

/**
 * resvg insists on the SVG namespace, which hand-written and inline-copied SVG often leave out; every
 * browser draws those, so the namespace is added to a root that has none.
 */
export function withSvgNamespace(svg: string | Uint8Array): Buffer {
  const text = typeof svg === "string" ? svg : new TextDecoder().decode(svg);
  const root = /<svg\b[^>]*>/.exec(text);
  if (!root || /\sxmlns\s*=/.test(root[0])) return Buffer.from(text);
  const at = root.index + 4;
  return Buffer.from(`${text.slice(0, at)} xmlns="http://www.w3.org/2000/svg"${text.slice(at)}`);
}

const asBuffer = withSvgNamespace;

/** Rasterises SVG to PNG bytes on this thread: for small renders (tests, previews, descriptors). */
export function rasteriseSvg(svg: string | Uint8Array, options: SvgRasterOptions = {}): Buffer {
  const buffer = asBuffer(svg);
  try {
    return new Resvg(buffer, renderOptions(buffer, options)).render().asPng();
  } catch (error) {
    throw renderFailure(error);
  }
}

/** Rasterises SVG to PNG bytes on libuv's thread pool, so a large render leaves the event loop free. */
export async function rasteriseSvgAsync(
  svg: string | Uint8Array,
  options: SvgRasterOptions = {},
): Promise<Buffer> {
  const buffer = asBuffer(svg);
  let resolved: ReturnType<typeof renderOptions>;
  try {
    resolved = renderOptions(buffer, options);
    return (await renderAsync(buffer, resolved)).asPng();
  } catch (error) {
    throw renderFailure(error);
  }
}

/** How an upload is drawn: off this process, in a child that the deadline or the signal kills. */
export interface UploadRenderControl {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Default limit of one upload's render when the caller names none. */
const UPLOAD_RENDER_TIMEOUT_MS = 30_000;

function renderUpload(bytes: Uint8Array, options: SvgRasterOptions, control: UploadRenderControl) {
  checkEdge("width", options.width);
  checkEdge("height", options.height);
  const edge =
    options.width !== undefined
      ? { mode: "width" as const, value: options.width }
      : options.height !== undefined
        ? { mode: "height" as const, value: options.height }
        : undefined;
  return renderInChildProcess(
    {
      svg: withSvgNamespace(bytes),
      edge,
      maxEdge: SVG_MAX_EDGE,
      ...(options.background ? { background: options.background } : {}),
    },
    {
      ...(control.signal ? { signal: control.signal } : {}),
      timeoutMs: control.timeoutMs ?? UPLOAD_RENDER_TIMEOUT_MS,
    },
  );
}

/** svg-to-png for an upload (checked by the caller: sniffed and cost-checked). */
export async function svgToPng(
  bytes: Uint8Array,
  options: SvgRasterOptions = {},
  control: UploadRenderControl = {},
): Promise<Buffer> {
  return renderUpload(bytes, options, control);
}

export async function svgToJpg(
  bytes: Uint8Array,
  options: SvgRasterOptions = {},
  control: UploadRenderControl = {},
): Promise<Buffer> {
  const png = await renderUpload(bytes, { ...options, background: options.background ?? "#ffffff" }, control);
  try {
    return await sharp(png)
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw asConversionFailure(error, "Encoding JPG");
  }
}
