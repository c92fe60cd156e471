// The corner grip: dragging it asks the plugin to resize the window (the iframe cannot resize
// itself); the size is saved with the settings so the next start opens at it.

import { useRef } from "preact/hooks";
import type { AppState } from "../app-state";
import { ResizeIcon } from "../icons";

export const MIN_SIZE = { width: 280, height: 360 } as const;
export const MAX_SIZE = { width: 1200, height: 1400 } as const;

export function clampSize(width: number, height: number) {
  return {
    width: Math.round(Math.min(MAX_SIZE.width, Math.max(MIN_SIZE.width, width))),
    height: Math.round(Math.min(MAX_SIZE.height, Math.max(MIN_SIZE.height, height))),
  };
}

export function ResizeHandle({ app, request }: { app: AppState; request: (w: number, h: number) => void }) {
  const start = useRef<{ x: number; y: number; w: number; h: number } | null>(null);
  const last = useRef<{ width: number; height: number } | null>(null);
  return (
    <div
      class="resize"
      role="slider"
      tabIndex={0}
      aria-label="Resize window (arrow keys)"
      aria-valuetext={`${window.innerWidth} by ${window.innerHeight} pixels`}
      aria-valuenow={window.innerWidth}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        start.current = { x: e.screenX, y: e.screenY, w: window.innerWidth, h: window.innerHeight };
      }}
      onPointerMove={(e) => {
        const s = start.current;
        if (!s) return;
        last.current = clampSize(s.w + e.screenX - s.x, s.h + e.screenY - s.y);
        request(last.current.width, last.current.height);
      }}
      onPointerUp={() => {
        start.current = null;
        if (last.current)
          void app.settings.update({ windowWidth: last.current.width, windowHeight: last.current.height });
      }}
      onKeyDown={(e) => {
        const step = e.shiftKey ? 40 : 10;
        const delta = {
          ArrowRight: [step, 0],
          ArrowLeft: [-step, 0],
          ArrowDown: [0, step],
          ArrowUp: [0, -step],
        }[e.key];
        if (!delta) return;
        e.preventDefault();
        const size = clampSize(window.innerWidth + (delta[0] ?? 0), window.innerHeight + (delta[1] ?? 0));
        request(size.width, size.height);
        void app.settings.update({ windowWidth: size.width, windowHeight: size.height });
      }}
    >
      <ResizeIcon />
    </div>
  );
}
