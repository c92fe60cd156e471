// Work placed on the canvas says what made it: the window names the operation with place-result, the
// plugin records it on the layer with the time, for "Assets in this file". Real plugin over the
// emulator, the local API over HTTP.

import { describe, expect, it } from "vitest";
import { SVG } from "../../local-api/work-support";
import { bootFigma, imageLayer, openWindow, serviceForFile } from "./work-world";

const service = serviceForFile();

const made = (node: { getPluginData(key: string): string }) =>
  JSON.parse(node.getPluginData("made") || "null");

describe("what made a placed result", () => {
  it("a vectorized layer records the work and the layer it came from", async () => {
    const figma = await bootFigma();
    const source = await imageLayer(figma, "Photo");
    figma.page.selection = [source];
    const window = openWindow(figma, service.server);
    const before = Date.now();
    const run = await window.work.ai({
      operation: "vectorize",
      input: { kind: "selection", format: "PNG" },
      target: { mode: "over-source", hideSource: true },
    });
    expect(run.status).toBe("done");
    const [result] = figma.page.children.filter((n) => n.id !== source.id);
    expect(made(result!)).toEqual({ operation: "vectorize", at: expect.any(Number), from: "Photo" });
    expect(made(result!).at).toBeGreaterThanOrEqual(before);
  });

  it("a conversion placed beside its layer records the conversion", async () => {
    const figma = await bootFigma();
    const source = figma.figma.createNodeFromSvg(SVG);
    source.name = "Logo";
    figma.page.selection = [source];
    const window = openWindow(figma, service.server);
    const run = await window.work.convert({
      operation: "svg-to-png",
      input: { kind: "selection", format: "SVG" },
      place: true,
    });
    expect(run.status).toBe("done");
    const [result] = figma.page.children.filter((n) => n.id !== source.id);
    expect(made(result!)).toMatchObject({ operation: "svg-to-png", from: "Logo" });
  });
});
