// vectorize: traces a raster into a colour SVG with imagetracerjs (colour quantisation, then each colour
// layer's outlines fitted with lines and quadratic curves), in an engine worker (workers/) whose
// deadline or signal terminates the tracing itself.

import { EngineError } from "../errors";
import { runEngineTask } from "../workers/run-engine";
import { decodeRaster } from "./decode";

/** Long edge the image is traced at: tracing time grows with pixels x colours. */
export const VECTORIZE_TRACE_EDGE = 512;
export const VECTORIZE_COLOURS = 16;
export const VECTORIZE_TIMEOUT_MS = 60_000;

export interface VectorizeOptions {
  /** Palette size, 2..64; default 16. */
  colours?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function vectorize(bytes: Uint8Array, options: VectorizeOptions = {}): Promise<string> {
  const colours = options.colours ?? VECTORIZE_COLOURS;
  if (!Number.isInteger(colours) || colours < 2 || colours > 64) {
    throw new EngineError("invalid_request", "colours must be an integer from 2 to 64.");
  }
  const original = await decodeRaster(bytes);
  const traced = await decodeRaster(bytes, VECTORIZE_TRACE_EDGE);
  const options_ = {
    numberofcolors: colours,
    colorsampling: 2, // deterministic palette: the same upload always gives the same SVG
    pathomit: 4,
    ltres: 1,
    qtres: 1,
    roundcoords: 2,
    viewbox: true,
    // Drawn at the upload's own size even though it was traced smaller.
    scale: original.width / traced.width,
    strokewidth: 0,
    desc: false,
  };
  const svg = await runEngineTask(
    "trace",
    { width: traced.width, height: traced.height, data: traced.data, options: options_ },
    {
      ...(options.signal ? { signal: options.signal } : {}),
      timeoutMs: options.timeoutMs ?? VECTORIZE_TIMEOUT_MS,
    },
  );
  // imagetracerjs writes a bare <svg>; a namespace makes it a standalone SVG file every tool accepts.
  return svg.includes("xmlns=") ? svg : svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ');
}
