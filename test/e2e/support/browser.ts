// Debian's Chromium, driven by playwright-core. Never a downloaded browser: the executable is the
// system one, and the flags keep it from reaching for the network at start.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export interface LaunchOptions {
  viewport?: { width: number; height: number };
  /**
   * Runs the plugin's sandboxed iframe in the page's own process. Only drag-and-drop needs it: headless
   * Chromium ends a drag in the top frame's renderer, so `dragend` never reaches an out-of-process
   * iframe (where Figma's iframe lives). In-process, `dragend` fires, with the pointer in top-frame
   * coordinates, which are the iframe's own when the plugin window sits at the screen's origin.
   */
  inProcessFrames?: boolean;
}

/** A fresh profile each time, so no test sees another's storage. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), "assetport-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: options.inProcessFrames ? [...FLAGS, "--disable-features=IsolateSandboxedIframes"] : FLAGS,
    viewport: options.viewport ?? { width: 1280, height: 800 },
  });
  // A locator that never matches fails with its own message, well inside the test's time limit.
  context.setDefaultTimeout(10_000);
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
