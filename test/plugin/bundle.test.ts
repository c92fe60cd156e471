// The sandbox as Figma loads it: src/plugin/main.ts bundled the way build.mjs bundles it (es2020 iife,
// minified), run against the emulator, driven through the ui port.
import * as esbuild from "esbuild";
import { afterEach, describe, expect, it } from "vitest";
import { createUiPort, windowTransport } from "../../src/messages/ui-port";
import { ICON_SVG } from "../figma/fixtures";
import { runPluginScript } from "../figma/run-script";
import { STAR } from "./harness";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

async function bundle(): Promise<string> {
  const result = await esbuild.build({
    entryPoints: ["src/plugin/main.ts"],
    bundle: true,
    minify: true,
    target: "es2020",
    format: "iife",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

describe("the bundled sandbox", () => {
  it("boots, answers ready with the relaunch command, and inserts an icon", async () => {
    const code = await bundle();
    const emu = await runPluginScript(code, { command: "similar" });
    const port = createUiPort(windowTransport(emu.uiWindow));
    cleanup = () => {
      port.close();
      emu.uninstall();
    };
    expect(emu.ui.open).toBe(true);
    expect((await port.request("ready", {})).launch).toEqual({ command: "similar" });
    const { nodeIds } = await port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: ICON_SVG },
      options: { size: 32 },
      placement: { kind: "auto" },
    });
    const node = await emu.figma.getNodeByIdAsync(nodeIds[0]!);
    expect(node).toMatchObject({ type: "FRAME", name: "Star", width: 32 });
  });
});
