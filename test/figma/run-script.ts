// Runs a built sandbox script (dist/code.js, or an in-memory build of it) against a fresh emulator, the
// way Figma runs it: the script sees `figma` and `__html__` as globals, then Figma fires "run".
import { runInThisContext } from "node:vm";
import type { FigmaOptions } from "./figma";
import { installFigma, settle } from "./install";

export async function runPluginScript(
  code: string,
  options: FigmaOptions & { parameters?: ParameterValues } = {},
) {
  const emu = installFigma(options);
  runInThisContext(code, { filename: "code.js" });
  await settle();
  emu.run(options.command ?? "", options.parameters);
  return emu;
}
