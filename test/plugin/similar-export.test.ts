// What Find similar asks of the sandbox: the selected frame, group, component or image as a PNG with
// its long side at most 512 px, exported from what is drawn (not an empty picture).
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { SIMILAR_EXPORT_MAX_SIDE } from "../../src/ui/similar/selection-export";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import type { EmuScene } from "../figma/nodes";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

/** Decodes the export: size, and how many pixels are not fully transparent. */
async function picture(bytes: Uint8Array) {
  const { data, info } = await sharp(bytes).raw().ensureAlpha().toBuffer({ resolveWithObject: true });
  let drawn = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn++;
  return { format: (await sharp(bytes).metadata()).format, width: info.width, height: info.height, drawn };
}

const request = { format: "PNG", maxSide: SIMILAR_EXPORT_MAX_SIDE } as const;

describe("export for Find similar", () => {
  it.each(["frame", "group", "component", "image"] as const)(
    "exports a %s, long side bounded",
    async (kind) => {
      app = await bootPlugin();
      const figma = app.figma;
      let node: EmuScene;
      if (kind === "image") {
        const rect = figma.createRectangle();
        rect.resize(900, 600);
        rect.fills = [
          { type: "IMAGE", imageHash: figma.createImage(await pngBytes(90, 60)).hash, scaleMode: "FILL" },
        ];
        node = rect;
      } else {
        const icon = figma.createNodeFromSvg(ICON_SVG);
        icon.resize(800, 400);
        if (kind === "frame") node = icon;
        else if (kind === "group") node = figma.group([icon], figma.currentPage);
        else {
          const component = figma.createComponent();
          component.resize(800, 400);
          component.appendChild(icon);
          node = component;
        }
      }
      app.page.selection = [node];
      const out = await app.port.request("export-selection", request);
      const seen = await picture(out.bytes);
      expect(out).toMatchObject({ nodeId: node.id, format: "PNG", mimeType: "image/png" });
      expect(seen.format).toBe("png");
      expect(Math.max(seen.width, seen.height)).toBe(SIMILAR_EXPORT_MAX_SIDE);
      expect([out.width, out.height]).toEqual([seen.width, seen.height]);
      expect(seen.drawn).toBeGreaterThan(0);
    },
  );

  it("keeps a small icon small: twice its size, under the bound", async () => {
    app = await bootPlugin();
    const icon = app.figma.createNodeFromSvg(ICON_SVG);
    app.page.selection = [icon];
    const out = await app.port.request("export-selection", request);
    expect(await picture(out.bytes)).toMatchObject({ width: icon.width * 2, height: icon.height * 2 });
  });
});
