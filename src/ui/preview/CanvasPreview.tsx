// A plain line icon painted on a canvas at the chosen stroke width (canvas-drawing.ts), at the size
// its place in the window gives it and at the screen's pixel ratio; painted again when the width,
// the colour or that size changes.
import "./canvas-preview.css";
import { useEffect, useLayoutEffect, useRef } from "preact/hooks";
import { type CanvasDrawing, paintDrawing } from "./canvas-drawing";

export function CanvasPreview(props: {
  drawing: CanvasDrawing;
  strokeUnits: number;
  /** Every painted part in this colour; null: drawn black, as an <img> of it would be. */
  tint: string | null;
  /** Classes of the picture it stands in for (its size in a cell, a card or the details). */
  class: string;
  /** The width chosen, in px, for whoever checks the picture (tests, the bench). */
  width: number;
  /** Or the scale of its own lines a weight its set lacks is drawn at (the same readers). */
  scale?: number | undefined;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const paint = useRef<() => void>(() => undefined);
  paint.current = () => {
    const element = canvas.current;
    if (!element) return;
    const ratio = globalThis.devicePixelRatio || 1;
    const box = element.getBoundingClientRect();
    const width = Math.max(1, Math.round(box.width * ratio));
    const height = Math.max(1, Math.round(box.height * ratio));
    if (element.width !== width) element.width = width;
    if (element.height !== height) element.height = height;
    const context = element.getContext("2d");
    if (context)
      paintDrawing(
        context,
        props.drawing,
        { strokeUnits: props.strokeUnits, tint: props.tint },
        width,
        height,
      );
  };
  useLayoutEffect(() => paint.current(), [props.drawing, props.strokeUnits, props.tint]);
  // A window resized (or the details' picture laid out again) changes the size it must fill.
  useEffect(() => {
    const element = canvas.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => paint.current());
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <canvas
      ref={canvas}
      class={`${props.class} preview--canvas${props.tint ? " preview--painted" : ""}`}
      // Square until laid out, so a box sized on one side only stays square.
      width={48}
      height={48}
      data-stroke={props.width || undefined}
      data-scale={props.scale}
    />
  );
}
