// The engine calls a route makes on an upload, each run in an engine worker (workers/run-engine.ts):
// a deadline or signal terminates the work, and the event loop never parses or loops over the bytes.

import { needsParsing, rasterFormatOf, type SniffedFormat } from "./sniff";
import { type EngineTaskControl, runEngineTask } from "./workers/run-engine";

/** Default limit of one background removal (a 40 Mpx upload takes a few seconds). */
export const REMOVE_BACKGROUND_TIMEOUT_MS = 60_000;

/**
 * sniff() for an upload, among the formats the caller takes: raster signatures here, SVG or Lottie
 * (validating XML, parsing JSON: a few hundred milliseconds for a large file) only when the caller
 * takes one, and then in a worker. A raster-only caller never has text parsed at all.
 */
export async function sniffUpload(
  bytes: Uint8Array,
  among: readonly SniffedFormat[],
  control: EngineTaskControl = {},
): Promise<SniffedFormat | undefined> {
  const raster = rasterFormatOf(bytes);
  if (raster || !needsParsing(among)) return raster;
  return (await runEngineTask("sniff", { bytes, among }, control)) as SniffedFormat | undefined;
}

/** remove-background (see ai/remove-background.ts) in a worker; answers the PNG with alpha. */
export async function removeBackground(bytes: Uint8Array, control: EngineTaskControl = {}): Promise<Buffer> {
  const png = await runEngineTask(
    "removeBackground",
    { bytes },
    {
      ...control,
      timeoutMs: control.timeoutMs ?? REMOVE_BACKGROUND_TIMEOUT_MS,
    },
  );
  return Buffer.from(png);
}

/** describe() for an upload (reverse image search), decoded and measured in a worker. */
export function describeUpload(bytes: Uint8Array, control: EngineTaskControl = {}): Promise<Float32Array> {
  return runEngineTask("describe", { bytes }, control);
}
