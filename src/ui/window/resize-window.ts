// Resizes the plugin window while its grip is dragged (the iframe cannot resize itself; the plugin
// calls figma.ui.resize). Pointer moves arrive faster than Figma resizes: one request per animation
// frame, carrying the latest size. Nothing here is stored: the grip saves the size once, on release.
import type { UiPort } from "../../messages/ui-port";

export function windowResizer(port: Pick<UiPort, "request">): (width: number, height: number) => void {
  let pending: { width: number; height: number } | null = null;
  return (width, height) => {
    const first = pending === null;
    pending = { width, height };
    if (!first) return;
    requestAnimationFrame(() => {
      if (pending) void port.request("resize", pending).catch(() => undefined);
      pending = null;
    });
  };
}
