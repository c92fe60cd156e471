// Plays a Lottie animation in a cell: its JSON (the service's `json` link) drawn by lottie-web's light
// SVG player, looping until the returned stop is called. The player is the light build (no
// expressions, so no eval) and is evaluated on the first hover only: a window that never shows an
// animation never runs it. Each animation's text is fetched once and kept (bounded by count and characters), so
// the pointer going back and forth over cells fetches nothing twice; lottie-web changes the data it
// plays, so each play parses its own copy. It resolves once a drawn frame is on screen (the one the
// still shows, where it can tell: lottie-start.ts), so the cell shows its still until then.

import { BoundedCache } from "../preview/bounded-cache";
import { isDrawn, startFrame, visibleLength } from "./lottie-start";

/** Starts playing `url` inside `container`; resolves to its stop. Rejects when it cannot play. */
export type PlayLottie = (container: HTMLElement, url: string, signal: AbortSignal) => Promise<() => void>;

/** A Lottie larger than this is not played in a cell (the packaged ones are a few KB). */
export const MAX_PLAYED_CHARS = 2 * 1024 * 1024;
/**
 * Texts kept after their fetch: the most recently played, at most this many and this many
 * characters in all, so a window browsing large animations for hours holds a few MB, not 32 times
 * the largest.
 */
export const KEPT_TEXTS = 32;
export const KEPT_CHARS = 4 * 1024 * 1024;
const kept = new BoundedCache<string, string>(KEPT_TEXTS, (text) => text.length, KEPT_CHARS);
/** Fetches under way: a second hover joins the first instead of fetching again. */
const fetching = new Map<string, Promise<string>>();

/** The characters of animation text kept now (for tests and the memory bench). */
export const keptAnimationChars = (): number => kept.weight;

export function animationText(url: string): Promise<string> {
  const known = kept.get(url);
  if (known !== undefined) return Promise.resolve(known);
  const under = fetching.get(url);
  if (under) return under;
  const text = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`The animation answered ${response.status}.`);
    const body = await response.text();
    if (body.length > MAX_PLAYED_CHARS) throw new Error("The animation is too large to play here.");
    return body;
  });
  fetching.set(url, text);
  // A failed fetch is not kept: the next hover tries again (the link may have been renewed).
  text
    .then(
      (body) => kept.set(url, body),
      () => undefined,
    )
    .finally(() => fetching.delete(url));
  return text;
}

export const playWithLottieWeb: PlayLottie = async (container, url, signal) => {
  const [text, player] = await Promise.all([
    animationText(url),
    import("lottie-web/build/player/lottie_light"),
  ]);
  if (signal.aborted) return () => {};
  const data = JSON.parse(text) as { w?: unknown; h?: unknown };
  const animation = player.default.loadAnimation({
    container,
    renderer: "svg",
    loop: true,
    autoplay: false,
    animationData: data,
    rendererSettings: { preserveAspectRatio: "xMidYMid meet" },
  });
  const stop = () => animation.destroy();
  if (!animation.isLoaded) {
    await new Promise<void>((resolve) => {
      animation.addEventListener("DOMLoaded", () => resolve());
      signal.addEventListener("abort", () => resolve(), { once: true });
    });
  }
  if (signal.aborted) {
    stop();
    return () => {};
  }
  const canvas = { width: Number(data.w) || 0, height: Number(data.h) || 0 };
  const svg = container.querySelector("svg");
  const start = startFrame(animation.totalFrames, (frame) => {
    animation.goToAndStop(frame, true);
    // No way to measure (no layout): take the frame as drawn rather than hunt.
    if (!svg || typeof SVGPathElement === "undefined" || !("getTotalLength" in SVGPathElement.prototype)) {
      return true;
    }
    return isDrawn(visibleLength(svg), canvas);
  });
  animation.goToAndPlay(start, true);
  return stop;
};
