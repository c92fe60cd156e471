// Worker thread that draws Lottie frames with the dotLottie WebAssembly player (ThorVG's software
// renderer). It is plain JavaScript so Node can start it under any loader (tsx, vitest or none).
// In: workerData { data (Lottie JSON text or .lottie bytes), width, height, frames }. Out: one { frame, pixels } message per frame
// (straight, not premultiplied, RGBA; transferred), then { done: true }; or { error }.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";
import { DotLottie } from "@lottiefiles/dotlottie-web";

const require = createRequire(import.meta.url);
// A data: URL keeps the player on the packaged binary: with an explicit URL it never falls back to a CDN.
const wasm = readFileSync(require.resolve("@lottiefiles/dotlottie-web/dotlottie-player.wasm"));
DotLottie.setWasmUrl(`data:application/wasm;base64,${wasm.toString("base64")}`);

const { data, width, height, frames } = workerData;
const player = new DotLottie({
  canvas: { width, height },
  data:
    typeof data === "string" ? data : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
  autoplay: false,
  loop: false,
  useFrameInterpolation: true,
  layout: { fit: "contain", align: [0.5, 0.5] },
});
player.addEventListener("loadError", (event) => {
  parentPort.postMessage({ error: String(event.error?.message ?? "the animation could not be loaded") });
});
player.addEventListener("load", () => {
  try {
    for (let i = 0; i < frames.length; i++) {
      player.setFrame(frames[i]);
      const view = player.buffer;
      if (!view || view.length !== width * height * 4) throw new Error("the renderer produced no frame");
      const pixels = new Uint8Array(view);
      parentPort.postMessage({ frame: i, pixels }, [pixels.buffer]);
    }
    parentPort.postMessage({ done: true });
  } catch (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
  } finally {
    player.destroy();
  }
});
