// Worker thread for imagetracerjs, whose tracing is synchronous and can take a second on a large image:
// it must not run on the server's event loop. In: workerData { width, height, data, options }. Out: svg text.

import { parentPort, workerData } from "node:worker_threads";
import ImageTracer from "imagetracerjs";

const { width, height, data, options } = workerData;
try {
  const svg = ImageTracer.imagedataToSVG({ width, height, data: new Uint8ClampedArray(data) }, options);
  parentPort.postMessage({ svg });
} catch (error) {
  parentPort.postMessage({ error: String(error?.message ?? error) });
}
