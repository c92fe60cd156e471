// Whether what a designer sees first has painted since this view mounted: what sits below the fold
// waits for it. First the window's first frame; then, when that frame holds pictures still loading
// (the set cards' samples, the recent strip's), the frame that paints them. Each picture the
// browser reads (even inlined, an SVG becomes a document of its own: 2-4 ms each in Chromium) is
// main-thread work: below-the-fold pictures mounted before those loaded would put off their paint.

import type { RefObject } from "preact";
import { useEffect, useState } from "preact/hooks";

/** A picture that never loads (a link that hangs) holds back what waits for it no longer than this. */
export const PICTURES_WAIT_MS = 1000;

/**
 * Calls `onDone` once every picture in `root` has loaded or failed (or `PICTURES_WAIT_MS` has
 * passed); the function returned stops waiting.
 */
function picturesLoaded(root: HTMLElement | null, onDone: () => void): () => void {
  const loading = [...(root?.querySelectorAll("img") ?? [])].filter((img) => !img.complete);
  let left = loading.length;
  const timer = setTimeout(done, PICTURES_WAIT_MS);
  function stop() {
    clearTimeout(timer);
    for (const img of loading) {
      img.removeEventListener("load", settled);
      img.removeEventListener("error", settled);
    }
  }
  function done() {
    stop();
    onDone();
  }
  function settled() {
    left--;
    if (left === 0) done();
  }
  for (const img of loading) {
    img.addEventListener("load", settled);
    img.addEventListener("error", settled);
  }
  if (left === 0) done();
  return stop;
}

/** Calls `then` after the next paint: a task queued from a frame callback runs after its paint. */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * True once the window has painted, and painted the pictures `root` held at that first paint
 * (loaded or failed).
 */
export function useAfterFirstPaint(root?: RefObject<HTMLElement | null>): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // Every step's canceller is kept: a step may end inside the one before it (no picture loading),
    // and an unmount stops whichever is under way.
    const cancels: (() => void)[] = [];
    cancels.push(
      afterNextPaint(() => {
        cancels.push(
          picturesLoaded(root?.current ?? null, () => {
            cancels.push(afterNextPaint(() => setPainted(true)));
          }),
        );
      }),
    );
    return () => {
      for (const cancel of cancels) cancel();
    };
  }, []);
  return painted;
}
