// The custom colour picker, drawn in the window as Figma's own is (no browser colour dialog): a
// saturation-by-brightness square and a hue bar, by pointer or arrow keys. It follows the pointer
// on screen and commits once, when the pointer is let go, so a drag is one change (one apply to the
// selected icons, one write to storage), not one per frame.
import { useRef, useState } from "preact/hooks";
import { clamp01, type Hsv, hexToHsv, hsvToHex } from "./hsv";

/** Reads a pointer's place in an element as 0..1 on each axis. */
function fraction(e: PointerEvent, el: HTMLElement) {
  const box = el.getBoundingClientRect();
  return {
    x: clamp01((e.clientX - box.left) / Math.max(1, box.width)),
    y: clamp01((e.clientY - box.top) / Math.max(1, box.height)),
  };
}

export function ColourArea(props: { hex: string; onChange: (hex: string) => void }) {
  // While dragging, the colour shown; otherwise the one given.
  const [live, setLive] = useState<Hsv | null>(null);
  // The last colour picked here, exactly: a hex keeps 8 bits a channel, so steps read back from it
  // would drift, and a grey would lose the hue the bar was left at.
  const kept = useRef<Hsv | null>(null);
  const given = kept.current && hsvToHex(kept.current) === props.hex ? kept.current : hexToHsv(props.hex);
  const hsv = live ?? given;
  const commit = (next: Hsv) => {
    kept.current = next;
    props.onChange(hsvToHex(next));
  };
  const dragged = useRef<Hsv | null>(null);

  const drag = (read: (e: PointerEvent, el: HTMLElement) => Hsv) => ({
    onPointerDown: (e: PointerEvent) => {
      const el = e.currentTarget as HTMLElement;
      el.setPointerCapture?.(e.pointerId);
      dragged.current = read(e, el);
      setLive(dragged.current);
    },
    onPointerMove: (e: PointerEvent) => {
      if (!dragged.current) return;
      dragged.current = read(e, e.currentTarget as HTMLElement);
      setLive(dragged.current);
    },
    onPointerUp: () => {
      const done = dragged.current;
      dragged.current = null;
      setLive(null);
      if (done) commit(done);
    },
  });
  const keys = (step: (key: string, by: number) => Hsv | null) => (e: KeyboardEvent) => {
    const next = step(e.key, e.shiftKey ? 0.1 : 0.01);
    if (!next) return;
    e.preventDefault();
    commit(next);
  };

  const pct = (n: number) => `${Math.round(n * 100)}%`;
  return (
    <div class="colour-area">
      <div
        class="colour-area__square"
        style={{ background: `hsl(${hsv.h} 100% 50%)` }}
        role="slider"
        tabIndex={0}
        aria-label="Saturation and brightness"
        aria-valuenow={Math.round(hsv.s * 100)}
        aria-valuetext={`saturation ${pct(hsv.s)}, brightness ${pct(hsv.v)}`}
        {...drag((e, el) => {
          const { x, y } = fraction(e, el);
          return { h: hsv.h, s: x, v: 1 - y };
        })}
        onKeyDown={keys((key, by) => {
          if (key === "ArrowLeft") return { ...hsv, s: clamp01(hsv.s - by) };
          if (key === "ArrowRight") return { ...hsv, s: clamp01(hsv.s + by) };
          if (key === "ArrowUp") return { ...hsv, v: clamp01(hsv.v + by) };
          if (key === "ArrowDown") return { ...hsv, v: clamp01(hsv.v - by) };
          return null;
        })}
      >
        <span class="colour-area__knob" style={{ left: pct(hsv.s), top: pct(1 - hsv.v) }} />
      </div>
      <div
        class="colour-area__hue"
        role="slider"
        tabIndex={0}
        aria-label="Hue"
        aria-valuemin={0}
        aria-valuemax={359}
        aria-valuenow={Math.round(hsv.h)}
        {...drag((e, el) => ({ ...hsv, h: Math.min(359.9, fraction(e, el).x * 360) }))}
        onKeyDown={keys((key, by) => {
          const turn =
            key === "ArrowLeft" || key === "ArrowDown"
              ? -1
              : key === "ArrowRight" || key === "ArrowUp"
                ? 1
                : 0;
          return turn ? { ...hsv, h: (hsv.h + turn * by * 360 + 360) % 360 } : null;
        })}
      >
        <span class="colour-area__knob colour-area__knob--hue" style={{ left: pct(hsv.h / 360) }} />
      </div>
    </div>
  );
}
