// The corner grip: dragging it asks the plugin to resize the window (the iframe cannot resize
// itself); the size is saved with the settings once the drag ends, so the next start opens at it.

import { useRef } from "preact/hooks";
import { clampWindowSize } from "../../messages/settings";
import { ResizeIcon } from "../icons";
import type { SettingsStore } from "../settings/settings-store";
import "./resize.css";

export function ResizeHandle({
  settings,
  request,
}: {
  settings: Pick<SettingsStore, "update">;
  request: (w: number, h: number) => void;
}) {
  const start = useRef<{ x: number; y: number; w: number; h: number } | null>(null);
  const last = useRef<{ width: number; height: number } | null>(null);
  // The window follows the pointer live; the size is stored once, when the drag ends (released, or
  // cancelled by the browser: the window keeps the size it reached either way).
  const finish = () => {
    const size = start.current ? last.current : null;
    start.current = null;
    last.current = null;
    if (size) void settings.update({ windowWidth: size.width, windowHeight: size.height });
  };
  return (
    // A pointer affordance like Figma's own window edges; hidden from assistive technology.
    <div
      class="resize"
      aria-hidden="true"
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture?.(e.pointerId);
        start.current = { x: e.screenX, y: e.screenY, w: window.innerWidth, h: window.innerHeight };
        last.current = null;
      }}
      onPointerMove={(e) => {
        const s = start.current;
        if (!s) return;
        last.current = clampWindowSize(s.w + e.screenX - s.x, s.h + e.screenY - s.y);
        request(last.current.width, last.current.height);
      }}
      onPointerUp={finish}
      onPointerCancel={finish}
    >
      <ResizeIcon />
    </div>
  );
}
