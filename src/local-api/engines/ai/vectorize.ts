// vectorize: traces a raster into a colour SVG with imagetracerjs (colour quantisation, then each colour
// layer's outlines fitted with lines and quadratic curves), in a worker thread with a deadline.

import { Worker } from "node:worker_threads";
import { EngineError } from "../errors";
import { decodeRaster } from "./decode";

/** Long edge the image is traced at: tracing time grows with pixels x colours. */
export const VECTORIZE_TRACE_EDGE = 512;
export const VECTORIZE_COLOURS = 16;
export const VECTORIZE_TIMEOUT_MS = 60_000;

const WORKER_URL = new URL("./trace-worker.mjs", import.meta.url);

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
  const svg = await runTrace(traced, options_, options.signal, options.timeoutMs ?? VECTORIZE_TIMEOUT_MS);
  // imagetracerjs writes a bare <svg>; a namespace makes it a standalone SVG file every tool accepts.
  return svg.includes("xmlns=") ? svg : svg.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ');
}

function runTrace(
  image: { width: number; height: number; data: Buffer },
  options: Record<string, unknown>,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<string> {
  if (signal?.aborted) return Promise.reject(new EngineError("aborted", "Vectorizing was cancelled."));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      workerData: { width: image.width, height: image.height, data: image.data, options },
    });
    const done = (error: EngineError | undefined, svg?: string) => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      void worker.terminate();
      if (error) reject(error);
      else resolve(svg!);
    };
    const timer = setTimeout(
      () => done(new EngineError("conversion_timeout", "Vectorizing took too long.")),
      timeoutMs,
    );
    const onAbort = () => done(new EngineError("aborted", "Vectorizing was cancelled."));
    signal?.addEventListener("abort", onAbort, { once: true });
    worker.once("message", (m: { svg?: string; error?: string }) =>
      m.svg
        ? done(undefined, m.svg)
        : done(new EngineError("conversion_failed", `Tracing failed: ${m.error}`)),
    );
    worker.once("error", (e) => done(new EngineError("conversion_failed", `Tracing failed: ${e.message}`)));
  });
}
