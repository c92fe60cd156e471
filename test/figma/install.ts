// Puts an emulator where the plugin expects Figma: the `figma` and `__html__` globals.
import { createFigma, type FigmaOptions } from "./figma";

/** What the plugin's `__html__` holds when no built ui is given. */
export const PLACEHOLDER_HTML = "<html><body>assetport ui</body></html>";

export function installFigma(options: FigmaOptions = {}) {
  const emulator = createFigma(options);
  const g = globalThis as Record<string, unknown>;
  g.figma = emulator.figma;
  g.__html__ = PLACEHOLDER_HTML;
  return {
    ...emulator,
    uninstall() {
      delete g.figma;
      delete g.__html__;
    },
  };
}

/** Lets queued postMessage deliveries and timers run. */
export function settle(times = 3): Promise<void> {
  let chain = Promise.resolve();
  for (let i = 0; i < times; i++) chain = chain.then(() => new Promise((r) => setTimeout(r, 0)));
  return chain;
}
