// Makes the node for an asset, off to the side of nothing yet: an SVG becomes Figma's vector frame
// (size and colour applied before it is placed), a PNG/JPG/GIF becomes an image fill on a rectangle at
// the image's natural size, or half of it for an image drawn at 2x (a GIF keeps animating). Figma's
// errors surface before any node exists.
import type { AssetRef, InsertContent, InsertOptions } from "../messages/types";
import { orRemove } from "./errors";
import { recordAsset } from "./node-data";
import { type ColourChoice, paintIcon, scaleStrokes, setStrokeWidth } from "./paints";
import { rescaleBy } from "./placement";

/** What Assetport puts on the canvas: Figma's SVG frame or an image-filled rectangle. */
export type AssetNode = FrameNode | RectangleNode;

export async function createAssetNode(
  asset: AssetRef,
  content: InsertContent,
  options: InsertOptions | undefined,
  colour: ColourChoice | null,
): Promise<AssetNode> {
  const node = await createContentNode(content, asset.name);
  return orRemove(node, async () => {
    if (node.type === "FRAME") {
      // rescale, like Figma's Scale tool: strokes grow with the icon, as the SVG itself would, and the
      // result does not depend on the constraints Figma's SVG import gave the vectors.
      if (options?.size) rescaleBy(node, options.size / Math.max(node.width, node.height));
      // After the size: an asked stroke width is absolute, not scaled.
      if (options?.strokeWidth) setStrokeWidth(node, options.strokeWidth);
      // A weight the set lacks: its own lines scaled, which any later scaling keeps.
      else if (options?.strokeScale) scaleStrokes(node, options.strokeScale);
      if (colour) await paintIcon(node, colour);
    }
    recordAsset(node, asset, content.kind === "svg" ? content.svg : undefined);
    return node;
  });
}

/** The bare node for some content, named; Figma checks the SVG or image before any node exists. */
export async function createContentNode(content: InsertContent, name: string): Promise<AssetNode> {
  if (content.kind === "image") return imageRectangle(content.bytes, name, content.density ?? 1);
  const frame = figma.createNodeFromSvg(content.svg);
  frame.name = name;
  return frame;
}

/**
 * An image is created (and checked by Figma) before the rectangle that shows it. The rectangle is
 * the image's size in points: its pixels over `density` (a 1024 px image drawn at 2x fills 512).
 */
export async function imageRectangle(bytes: Uint8Array, name: string, density = 1): Promise<RectangleNode> {
  const image = figma.createImage(bytes);
  const { width, height } = await image.getSizeAsync();
  const rect = figma.createRectangle();
  return orRemove(rect, () => {
    rect.name = name;
    rect.resize(Math.max(1, width / density), Math.max(1, height / density));
    rect.fills = [{ type: "IMAGE", imageHash: image.hash, scaleMode: "FILL" }];
    return rect;
  });
}
