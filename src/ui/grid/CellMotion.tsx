// A Lottie cell's animation, played over its still while the cell is hovered or has keyboard focus
// (the grid mounts it in one cell at a time, never when the designer asks for reduced motion) and
// gone when left. Until its first frame is drawn it stays transparent, so the still never blinks.
// A service that gives a moving preview (a GIF, a video) has it shown as it is; one that gives the
// Lottie's JSON has it drawn by the player in context (lottie-play.ts; tests give their own).

import { createContext } from "preact";
import { useContext, useEffect, useRef, useState } from "preact/hooks";
import { type PlayLottie, playWithLottieWeb } from "./lottie-play";
import type { Motion } from "./preview-source";

export const LottiePlayerContext = createContext<PlayLottie>(playWithLottieWeb);

export function CellMotion({ motion }: { motion: Motion }) {
  const play = useContext(LottiePlayerContext);
  const box = useRef<HTMLSpanElement>(null);
  const [drawn, setDrawn] = useState(false);
  const lottieUrl = motion.kind === "lottie" ? motion.url : "";
  useEffect(() => {
    const container = box.current;
    if (!lottieUrl || !container) return;
    const controller = new AbortController();
    let stop: (() => void) | undefined;
    play(container, lottieUrl, controller.signal).then(
      (stopIt) => {
        if (controller.signal.aborted) stopIt();
        else {
          stop = stopIt;
          setDrawn(true);
        }
      },
      // Not playable here (a failed fetch, a file the player refuses): the still stays.
      () => undefined,
    );
    return () => {
      controller.abort();
      stop?.();
    };
  }, [lottieUrl, play]);
  if (motion.kind === "gif") {
    return <img class="cell__play" src={motion.url} alt="" data-playing="" draggable={false} />;
  }
  if (motion.kind === "video") {
    return <video class="cell__play" src={motion.url} muted loop autoplay playsInline data-playing="" />;
  }
  if (motion.kind !== "lottie") return null;
  return <span ref={box} class="cell__play" aria-hidden="true" data-playing={drawn ? "" : undefined} />;
}

/**
 * The mark in a Lottie tile's corner that says it moves before it is hovered: a small play glyph on
 * the window's colour, named for a screen reader. It stays while the animation plays.
 */
export function CellMotionMark() {
  return (
    <span class="cell__motion" role="img" aria-label="Animated" title="Animated">
      <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
        <path
          d="M3 2.2v5.6a.4.4 0 0 0 .6.35l4.6-2.8a.4.4 0 0 0 0-.7L3.6 1.85a.4.4 0 0 0-.6.35Z"
          fill="currentColor"
        />
      </svg>
    </span>
  );
}

/** Whether the designer has asked for less motion: then no cell plays. */
export function motionReduced(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
