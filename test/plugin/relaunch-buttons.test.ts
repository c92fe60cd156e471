// The relaunch buttons the manifest declares against the ones the plugin writes on what it inserts:
// each command it sets must be declared (or Figma shows nothing), and Replace must survive a
// selection of several inserted layers, which the plugin replaces all at once.
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { manifestFor } from "../../scripts/manifest.mjs";
import type { LaunchInfo } from "../../src/messages/types";
import { ICON_SVG } from "../figma/fixtures";
import { EmuScene } from "../figma/nodes";
import { type RelaunchButton, relaunchButtonsShown } from "../figma/relaunch-buttons";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

const buttons: RelaunchButton[] = manifestFor({
  proxyUrls: ["http://localhost:8787"],
  id: "x",
}).relaunchButtons;

async function insertIcon(): Promise<EmuScene> {
  const { nodeIds } = await app.port.request("insert", {
    asset: STAR,
    content: { kind: "svg", svg: ICON_SVG },
    options: { size: 24 },
    placement: { kind: "auto" },
  });
  const node = await app.figma.getNodeByIdAsync(nodeIds[0]!);
  if (!(node instanceof EmuScene)) throw new Error("the inserted layer is missing");
  return node;
}

describe("relaunch buttons", () => {
  it("declares every command the plugin writes on an inserted layer, each one it can start with", async () => {
    app = await bootPlugin();
    const written = Object.keys((await insertIcon()).getRelaunchData());
    expect(written.length).toBeGreaterThan(0);
    const declared = buttons.map((b) => b.command);
    for (const command of written) expect(declared).toContain(command);
    // "revert" runs on the canvas and closes without a window (start.ts); the others open it.
    const launchable: (LaunchInfo["command"] | "revert")[] = [
      "open",
      "replace",
      "similar",
      "search",
      "swap",
      "revert",
    ];
    for (const command of declared) expect(launchable).toContain(command);
  });

  it("offers Replace and Find similar on one inserted layer", async () => {
    app = await bootPlugin();
    expect(relaunchButtonsShown(buttons, [await insertIcon()])).toEqual([
      "Replace asset",
      "Find similar",
      "Swap icon set",
    ]);
  });

  it("keeps Replace when several inserted layers are selected, and replaces them all from it", async () => {
    app = await bootPlugin();
    const layers = [await insertIcon(), await insertIcon()];
    // Find similar searches with one picture, so it is not offered for several layers.
    expect(relaunchButtonsShown(buttons, layers)).toEqual(["Replace asset", "Swap icon set"]);

    app.page.selection = layers;
    const { nodeIds } = await app.port.request("replace-selection", {
      asset: { uuid: "d4e5f6", name: "Heart", type: "icon" },
      content: { kind: "svg", svg: ICON_SVG },
      options: { size: 24 },
    });
    expect(nodeIds).toHaveLength(2);
    expect(layers.every((layer) => layer.removed)).toBe(true);
  });
});
