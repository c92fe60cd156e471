// Worker thread that draws Lottie frames with the dotLottie WebAssembly player (ThorVG's software
// renderer, drawing to a plain { width, height } surface: no canvas needed). Plain JavaScript so Node
// can start it under any loader (tsx, vitest or none). It stays alive between jobs because loading
// the player costs a few hundred milliseconds and a new animation on a loaded player costs about one.
// In: { id, data (Lottie JSON text or .lottie bytes), width, height, frames, background? [r, g, b],
// oneBitAlpha? { threshold, matte: [r, g, b] } }, one job at a time.
// Out: { id, frame, pixels } per frame (straight, not premultiplied, RGBA; transferred), then
// { id, done: true }; or { id, error }.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setPriority } from "node:os";
import { parentPort } from "node:worker_threads";
import { DotLottie } from "@lottiefiles/dotlottie-web";

// Drawing yields the CPU to the server's event loop (Linux counts niceness per thread).
try {
  setPriority(10);
} catch {
  // not permitted here: frames simply render at normal priority
}

const require = createRequire(import.meta.url);
// A data: URL keeps the player on the packaged binary: with an explicit URL it never falls back to a CDN.
const wasm = readFileSync(require.resolve("@lottiefiles/dotlottie-web/dotlottie-player.wasm"));
DotLottie.setWasmUrl(`data:application/wasm;base64,${wasm.toString("base64")}`);

/** Composites straight RGBA onto an opaque background, in place. */
function flatten(pixels, [r, g, b]) {
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3] / 255;
    pixels[i] = Math.round(pixels[i] * a + r * (1 - a));
    pixels[i + 1] = Math.round(pixels[i + 1] * a + g * (1 - a));
    pixels[i + 2] = Math.round(pixels[i + 2] * a + b * (1 - a));
    pixels[i + 3] = 255;
  }
}

/**
 * Makes alpha all or nothing, in place, as GIF needs (one palette entry is fully transparent, the rest
 * opaque): below `threshold` a pixel becomes clear; at or above it, opaque, its colour composited onto
 * `matte` by its own alpha. The encoder is then left no threshold of its own to apply.
 */
function cutAlpha(pixels, { threshold, matte: [r, g, b] }) {
  for (let i = 0; i < pixels.length; i += 4) {
    const alpha = pixels[i + 3];
    if (alpha < threshold) {
      pixels[i] = pixels[i + 1] = pixels[i + 2] = pixels[i + 3] = 0;
    } else if (alpha < 255) {
      const a = alpha / 255;
      pixels[i] = Math.round(pixels[i] * a + r * (1 - a));
      pixels[i + 1] = Math.round(pixels[i + 1] * a + g * (1 - a));
      pixels[i + 2] = Math.round(pixels[i + 2] * a + b * (1 - a));
      pixels[i + 3] = 255;
    }
  }
}

function renderJob({ id, data, width, height, frames, background, oneBitAlpha }) {
  let started = false;
  const player = new DotLottie({
    canvas: { width, height },
    data:
      typeof data === "string" ? data : data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength),
    autoplay: false,
    loop: false,
    useFrameInterpolation: true,
    layout: { fit: "contain", align: [0.5, 0.5] },
    // Images the file only links to (a URL, a path) are never fetched: a render reads nothing but its upload.
    assetResolver: () => null,
  });
  const fail = (message) => {
    parentPort.postMessage({ id, error: message });
    player.destroy();
  };
  const start = () => {
    if (started) return;
    started = true;
    // The player reports some unreadable files by simply not loading: check instead of waiting.
    if (!player.isLoaded) return fail("the animation could not be loaded");
    try {
      for (let i = 0; i < frames.length; i++) {
        player.setFrame(frames[i]);
        const view = player.buffer;
        if (!view || view.length !== width * height * 4) throw new Error("the renderer produced no frame");
        const pixels = new Uint8Array(view);
        if (background) flatten(pixels, background);
        else if (oneBitAlpha) cutAlpha(pixels, oneBitAlpha);
        parentPort.postMessage({ id, frame: i, pixels }, [pixels.buffer]);
      }
      parentPort.postMessage({ id, done: true });
      player.destroy();
    } catch (error) {
      fail(String(error?.message ?? error));
    }
  };
  player.addEventListener("load", start);
  player.addEventListener("ready", () => setTimeout(start, 0));
  player.addEventListener("loadError", (event) => {
    if (started) return;
    started = true;
    fail(String(event.error?.message ?? "the animation could not be loaded"));
  });
}

parentPort.on("message", renderJob);
