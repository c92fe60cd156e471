// Whether what a designer sees first has painted since this view mounted: what sits below the fold
// waits for it. First the frame that shows it (the window's first, or on a first-ever home the one
// that brings the set cards' samples); then, when that frame holds pictures still loading (the
// cards' samples, the recent strip's), the frame that paints them. Each picture the
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
 * True once the window has painted what a designer waits for, and painted the pictures `root` held
 * then (loaded or failed). `ready` says when that is in the document: a first-ever home's first
 * frame shows only the cards' placeholders, and what is below the fold, mounted then, would load
 * its pictures ahead of the cards' samples (36 featured pictures asked first put the samples off
 * by ~400 ms on a busy local service). A `ready` that never comes (sets that cannot be counted)
 * holds it back no longer than `PICTURES_WAIT_MS`.
 */
export function useAfterFirstPaint(root?: RefObject<HTMLElement | null>, ready = true): boolean {
  const [painted, setPainted] = useState(false);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (ready) return;
    const timer = setTimeout(() => setGaveUp(true), PICTURES_WAIT_MS);
    return () => clearTimeout(timer);
  }, [ready]);
  const start = ready || gaveUp;
  useEffect(() => {
    if (!start) return;
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
  }, [start]);
  return painted;
}
