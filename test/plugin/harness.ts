// Boots the real plugin (src/plugin/start.ts) against a fresh emulator and talks to it through the
// real ui port, as the iframe would.
import { createUiPort, windowTransport } from "../../src/messages/ui-port";
import { start } from "../../src/plugin/start";
import type { FigmaOptions } from "../figma/figma";
import { installFigma, settle } from "../figma/install";

/** `stored`: client storage as the plugin finds it when it starts (a reopened plugin). */
export async function bootPlugin(
  options: FigmaOptions & { parameters?: ParameterValues; stored?: Record<string, unknown> } = {},
) {
  const emu = installFigma(options);
  for (const [key, value] of Object.entries(options.stored ?? {}))
    await emu.figma.clientStorage.setAsync(key, value);
  const stopPlugin = await start();
  emu.run(options.command ?? "", options.parameters);
  const port = createUiPort(windowTransport(emu.uiWindow));
  return {
    emu,
    figma: emu.figma,
    page: emu.figma.currentPage,
    port,
    settle,
    stop() {
      stopPlugin();
      port.close();
      emu.uninstall();
    },
  };
}

export type Booted = Awaited<ReturnType<typeof bootPlugin>>;

export const STAR = { uuid: "a1b2c3", name: "Star", type: "icon" as const };
