// The sandbox entry (main.ts) as Figma runs it: when the window cannot open, the plugin closes with a
// short reason (within the 100 characters a notice shows) instead of running on with no window.
import { afterEach, expect, it, vi } from "vitest";
import { installFigma, settle } from "../figma/install";

let uninstall: (() => void) | undefined;
afterEach(() => uninstall?.());

it("a window that cannot open closes the plugin, saying why in under 100 characters", async () => {
  const emu = installFigma({ command: "open" });
  uninstall = emu.uninstall;
  emu.figma.showUI = () => {
    throw new Error(`in showUI: ${"the window could not be made. ".repeat(8)}`);
  };
  vi.resetModules();
  await import("../../src/plugin/main");
  emu.run();
  await settle();
  expect(emu.state.closed).toBe(true);
  expect(emu.state.closeMessage).toMatch(/^Assetport could not start: .*showUI/);
  expect(emu.state.closeMessage!.length).toBeLessThanOrEqual(100);
  expect(emu.notifications).toEqual([]);
});
