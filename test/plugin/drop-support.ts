// What the drop tests share: the plugin booted with its window at the screen's origin (so the canvas
// area's screen px are canvas px), a frame to drop on, and the ui's two drop messages.
import { ICON_SVG } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

export const svg = { kind: "svg" as const, svg: ICON_SVG };

export async function bootForDrops(): Promise<Booted> {
  const app = await bootPlugin({ uiOrigin: { x: 0, y: 0 } });
  app.figma.viewport.center = { x: 720, y: 450 };
  return app;
}

/** pluginDrop at an iframe point (held back by the emulator while `app.emu.ui.holdDrops` is set). */
export async function dropAt(app: Booted, clientX: number, clientY: number, dropId: string): Promise<void> {
  app.port.drop({ clientX, clientY }, { dropId, asset: STAR });
  await app.settle(6);
}

export const content = (app: Booted, dropId: string) =>
  app.port.request("drop-content", { dropId, asset: STAR, content: svg });
