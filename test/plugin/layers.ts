// Layers the placement tests start from, and where a layer sits on the canvas.
import { pngBytes } from "../figma/fixtures";
import type { Booted } from "./harness";

/** A rectangle with a small PNG as its image fill: a photo as a designer would place it. */
export async function imageLayer(app: Booted, width: number, height: number, name = "Photo") {
  const rect = app.figma.createRectangle();
  rect.name = name;
  rect.resize(width, height);
  rect.fills = [
    { type: "IMAGE", imageHash: app.figma.createImage(await pngBytes(8, 8)).hash, scaleMode: "FILL" },
  ];
  return rect;
}

/** A layer's box in canvas coordinates. */
export function canvasBox(node: { absoluteTransform: Transform; width: number; height: number }) {
  const t = node.absoluteTransform;
  return { x: t[0][2], y: t[1][2], width: node.width, height: node.height };
}
