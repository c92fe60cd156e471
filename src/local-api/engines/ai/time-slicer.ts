// Long pixel loops in the engines hand the event loop back every few milliseconds, so a large image
// never stalls the server (or the worker's answers to its deadline and cancel messages).

import { setImmediate as yieldToEventLoop } from "node:timers/promises";

/** Longest stretch of pixel work between yields: ms. */
const SLICE_MS = 10;

/**
 * Returns a function to call inside hot loops with the number of pixels done since the last call (one
 * by default): it yields to the event loop once the slice is used up, checking the clock every 4096 pixels.
 */
export function timeSlicer(): (done?: number) => Promise<void> | undefined {
  let sliceStart = performance.now();
  let sinceCheck = 0;
  return (done = 1) => {
    sinceCheck += done;
    if (sinceCheck < 4096) return undefined;
    sinceCheck = 0;
    if (performance.now() - sliceStart < SLICE_MS) return undefined;
    return yieldToEventLoop().then(() => {
      sliceStart = performance.now();
    });
  };
}
