// Boots the real plugin (src/plugin/start.ts) against a fresh emulator and talks to it through the
// real ui port, as the iframe would, in Figma's order: the command is chosen and the script starts →
// (a quick action: the designer types its parameters) → "run" → the plugin shows its window → the
// ui's first message.
import type { InsertOptions } from "../../src/messages/types";
import { createUiPort, windowTransport } from "../../src/messages/ui-port";
import { start } from "../../src/plugin/start";
import type { FigmaEmulator, FigmaOptions } from "../figma/figma";
import { ICON_SVG } from "../figma/fixtures";
import { installFigma, settle } from "../figma/install";
import type { EmuFrame } from "../figma/node-types";

export interface BootOptions extends Omit<FigmaOptions, "quickAction"> {
  /** Launched from quick actions with these values (the designer pressed Enter on them). */
  parameters?: ParameterValues;
  /** What the designer does in quick actions before pressing Enter, e.g. typing for suggestions. */
  entering?: (emu: FigmaEmulator) => Promise<void>;
  /** Client storage as the plugin finds it when it starts (a reopened plugin). */
  stored?: Record<string, unknown>;
  /** The document as the designer left it before choosing the command (selection, layers). */
  prepare?: (emu: FigmaEmulator) => void;
}

export async function bootPlugin(options: BootOptions = {}) {
  const emu = installFigma({ ...options, quickAction: options.parameters !== undefined });
  for (const [key, value] of Object.entries(options.stored ?? {}))
    await emu.figma.clientStorage.setAsync(key, value);
  options.prepare?.(emu);
  // The script's first turn. From the menu, "run" fires right after it (the earliest Figma could).
  const started = start();
  started.catch(() => undefined); // awaited below; a failure must not go unhandled meanwhile
  if (options.parameters !== undefined) {
    // A designer types slower than any pending promise: the script's first work is done by Enter.
    await settle();
    await options.entering?.(emu);
  }
  emu.run(options.parameters);
  const stopPlugin = await started;
  if (!emu.ui.open) throw new Error("the plugin did not open its window after run");
  const port = createUiPort(windowTransport(emu.uiWindow));
  let stopped = false;
  return {
    emu,
    figma: emu.figma,
    page: emu.figma.currentPage,
    port,
    settle,
    /** Closes the plugin and removes the emulator; a second call does nothing. */
    stop() {
      if (stopped) return;
      stopped = true;
      stopPlugin();
      port.close();
      emu.uninstall();
      // Every test checks this: Figma cuts a notice over 100 characters, so none may be that long.
      const cut = emu.notifications.find((n) => n.truncated);
      if (cut) throw new Error(`a notice Figma would cut at 100 characters: "${cut.message}…"`);
    },
  };
}

/**
 * The plugin window at the screen's origin (so the canvas area's screen px are canvas px, the view
 * centred at 720,450) over a 300 x 300 frame at 100,100: where the drop tests let go.
 */
export async function bootOverFrame() {
  const app = await bootPlugin({ uiOrigin: { x: 0, y: 0 } });
  app.figma.viewport.center = { x: 720, y: 450 };
  const frame = app.figma.createFrame();
  frame.x = 100;
  frame.y = 100;
  frame.resize(300, 300);
  return { app, frame };
}

export type Booted = Awaited<ReturnType<typeof bootPlugin>>;

export const STAR = { uuid: "a1b2c3", name: "Star", type: "icon" as const };

/** The test icon (STAR, drawn from ICON_SVG) inserted with `options` at the automatic place. */
export async function insertStar(app: Booted, options: InsertOptions = {}): Promise<EmuFrame> {
  const { nodeIds } = await app.port.request("insert", {
    asset: STAR,
    content: { kind: "svg", svg: ICON_SVG },
    options,
    placement: { kind: "auto" },
  });
  return (await app.figma.getNodeByIdAsync(nodeIds[0]!)) as EmuFrame;
}
