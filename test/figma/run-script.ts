// Runs a built sandbox script (dist/code.js, or an in-memory build of it) against a fresh emulator, the
// way Figma runs it: the script sees only the sandbox's globals (`figma`, `__html__`..., sandbox.ts);
// "run" fires right after its first turn (a quick action: once the parameters are entered); then the
// plugin opens its window.
import type { FigmaOptions } from "./figma";
import { installFigma, PLACEHOLDER_HTML, settle } from "./install";
import { runInSandbox } from "./sandbox";

export async function runPluginScript(
  code: string,
  options: Omit<FigmaOptions, "quickAction"> & { parameters?: ParameterValues } = {},
) {
  const emu = installFigma({ ...options, quickAction: options.parameters !== undefined });
  runInSandbox(code, { figma: emu.figma, html: PLACEHOLDER_HTML });
  // A designer types slower than any pending promise: the script's first work is done by Enter.
  if (options.parameters !== undefined) await settle();
  emu.run(options.parameters);
  await windowOpened(emu);
  return emu;
}

/** Waits (a bounded number of turns) for the plugin to open its window after "run". */
export async function windowOpened(emu: { ui: { open: boolean } }): Promise<void> {
  for (let turn = 0; turn < 50 && !emu.ui.open; turn++) await settle(1);
  if (!emu.ui.open) throw new Error("the plugin did not open its window after run");
}
