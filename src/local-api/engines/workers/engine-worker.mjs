// Worker thread for the engines' CPU-bound work (engine-tasks.ts: SVG cost check and sniffing,
// svg-to-pdf, svg-to-lottie, tracing). Plain JavaScript so Node can start it under any loader; it
// registers tsx itself because a worker does not inherit a test runner's loader, then imports the
// TypeScript task table. One job at a time.
// In: { id, task, input }. Out: { id, output } or { id, error: { reason?, message } }.

import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { register } from "tsx/esm/api";

lowerPriority();
register();
const { ENGINE_TASKS } = await import("./engine-tasks.ts");

/**
 * Engine work yields the CPU to the server's event loop: on a machine with few cores the answers to
 * everyone else must not wait behind a render. (Linux counts niceness per thread; elsewhere this
 * lowers the whole process, or is refused, and both are harmless.)
 */
function lowerPriority() {
  try {
    setPriority(10);
  } catch {
    // not permitted here: the work simply runs at normal priority
  }
}

function transferables(output) {
  return output instanceof Uint8Array &&
    output.byteOffset === 0 &&
    output.byteLength === output.buffer.byteLength
    ? [output.buffer]
    : [];
}

parentPort.on("message", async ({ id, task, input }) => {
  try {
    const output = await ENGINE_TASKS[task](input);
    parentPort.postMessage({ id, output }, transferables(output));
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { reason: error?.reason, message: String(error?.message ?? error) },
    });
  }
});
