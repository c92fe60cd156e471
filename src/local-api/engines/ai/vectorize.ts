// vectorize: traces a raster into a colour SVG of a few editable paths (ai/trace.ts: vtracer, with a
// poster fallback and a size cap for photographs), in an engine worker (workers/) whose deadline or
// signal terminates it.

import { EngineError } from "../errors";
import { runEngineTask } from "../workers/run-engine";
import { VECTORIZE_PALETTES, type VectorizePalette } from "./trace";

export const VECTORIZE_COLOURS: VectorizePalette = 16;
export const VECTORIZE_TIMEOUT_MS = 60_000;

export interface VectorizeOptions {
  /** Most colours in the answer: 2, 4 or 16 (the default). */
  colours?: number;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export async function vectorize(bytes: Uint8Array, options: VectorizeOptions = {}): Promise<string> {
  const colours = options.colours ?? VECTORIZE_COLOURS;
  if (!VECTORIZE_PALETTES.includes(colours as VectorizePalette)) {
    throw new EngineError("invalid_request", `colours must be one of ${VECTORIZE_PALETTES.join(", ")}.`);
  }
  return runEngineTask(
    "vectorize",
    { bytes, colours: colours as VectorizePalette },
    {
      ...(options.signal ? { signal: options.signal } : {}),
      timeoutMs: options.timeoutMs ?? VECTORIZE_TIMEOUT_MS,
    },
  );
}
