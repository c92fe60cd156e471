// Reading the emulated document after an insert: the page's top-level nodes, what the plugin recorded
// on a node, and the colours it draws with.
import type { FigmaEmulator } from "../../figma/figma";
import type { EmuScene } from "../../figma/nodes";
import type { Harness } from "./harness";

/** A 24 px rectangle on the page, selected: a layer the plugin can replace, not one it placed. */
export function selectRectangle(emulator: FigmaEmulator): void {
  const rect = emulator.figma.createRectangle();
  rect.resize(24, 24);
  emulator.figma.currentPage.selection = [rect];
}

/** The current page's top-level layers, bottom to top. */
export function canvasNodes(harness: Harness): EmuScene[] {
  return [...harness.emulator.figma.currentPage.kids()];
}

/** The asset the plugin recorded on a node it made ({} when it recorded none). */
export function storedAsset(node: EmuScene): { uuid?: string; name?: string; type?: string } {
  const raw = node.getPluginData("asset");
  return raw ? (JSON.parse(raw) as { uuid?: string; name?: string; type?: string }) : {};
}

const hex = (c: RGB) =>
  `#${[c.r, c.g, c.b]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Every visible solid colour drawn inside a node (its own frame background aside), as "#rrggbb". */
export function solidColours(root: EmuScene): string[] {
  const out: string[] = [];
  const visit = (node: EmuScene) => {
    if (node !== root || node.type !== "FRAME") {
      for (const paint of [...node.fills, ...node.strokes]) {
        if (paint.type === "SOLID" && paint.visible !== false && paint.opacity !== 0)
          out.push(hex(paint.color));
      }
    }
    for (const child of node.kids()) visit(child);
  };
  visit(root);
  return out;
}

/**
 * The file the designer works in: an image layer "Photo" (160 x 120 at 30,40) in a frame "Card"
 * (400 x 300 at 120,80) on the current page. Made in the same order in each window's emulator, it
 * gets the same ids there, as a reopened file keeps them.
 */
export function photoInCard(emulator: FigmaEmulator, png: Uint8Array): EmuScene {
  const { figma } = emulator;
  const card = figma.createFrame();
  card.name = "Card";
  card.x = 120;
  card.y = 80;
  card.resize(400, 300);
  const layer = figma.createRectangle();
  layer.name = "Photo";
  card.appendChild(layer);
  layer.resize(160, 120);
  layer.x = 30;
  layer.y = 40;
  layer.fills = [{ type: "IMAGE", imageHash: figma.createImage(png).hash, scaleMode: "FILL" }];
  return layer;
}
