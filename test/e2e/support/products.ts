// A row of product photos in a frame, the frame selected: what a designer hands a batch (the batch
// panel's tests and the selection commands' alike). The last photo is hidden, so a plan always has
// a layer to skip.
import sharp from "sharp";
import type { FigmaEmulator } from "../../figma/figma";

/** A product shot: a coloured disc on white, 96 px square (PNG). */
export async function discPhoto(colour: string): Promise<Uint8Array> {
  const shapes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#fff"/><circle cx="48" cy="48" r="30" fill="${colour}"/></svg>`,
  );
  return new Uint8Array(await sharp(shapes).png().toBuffer());
}

const COLOURS = ["#e02020", "#2040e0", "#20a040", "#e0a020"];

/** Four photos, "Product 1" to "Product 4". */
export const productPhotos = (): Promise<Uint8Array[]> => Promise.all(COLOURS.map(discPhoto));

/** A frame "Products" holding the photos in a row, the last one hidden; the frame selected. */
export function productsFrame(photos: Uint8Array[]) {
  return (emulator: FigmaEmulator) => {
    const { figma } = emulator;
    const frame = figma.createFrame();
    frame.name = "Products";
    frame.x = 120;
    frame.y = 80;
    frame.resize(480, 240);
    photos.forEach((bytes, i) => {
      const layer = figma.createRectangle();
      layer.name = `Product ${i + 1}`;
      frame.appendChild(layer);
      layer.resize(96, 96);
      layer.x = 16 + i * 112;
      layer.y = 24;
      layer.fills = [{ type: "IMAGE", imageHash: figma.createImage(bytes).hash, scaleMode: "FILL" }];
      if (i === photos.length - 1) layer.visible = false;
    });
    figma.currentPage.selection = [frame];
  };
}

/**
 * The frame's layers, [name, visible] in list order, once the three visible photos are worked on:
 * each result right above its original, which is kept hidden; the hidden fourth untouched.
 */
export const WORKED_ON_PRODUCTS: readonly [string, boolean][] = [
  ["Product 1", false],
  ["Product 1", true],
  ["Product 2", false],
  ["Product 2", true],
  ["Product 3", false],
  ["Product 3", true],
  ["Product 4", false],
];
