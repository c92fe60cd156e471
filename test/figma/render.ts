// exportAsync: a node is drawn as SVG from what it is now (current paints, sizes and positions), then
// rasterised by resvg for PNG (sharp for JPG). An image-filled shape exports its image's own pixels.
import { Resvg } from "@resvg/resvg-js";
import { XMLBuilder } from "fast-xml-parser";
import sharp from "sharp";
import type { ImageStore } from "./images";
import { EmuFrame, EmuGroup, EmuVector } from "./node-types";
import { type EmuNode, EmuScene } from "./nodes";
import { paintToSvg } from "./paint";
import { figmaError } from "./world";

const builder = new XMLBuilder({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  suppressEmptyNode: true,
});

const MIME: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif" };

function esc(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function paintAttrs(
  node: Pick<EmuScene, "fills" | "strokes" | "strokeWeight">,
  fillRef?: string,
  strokeRef?: string,
): string {
  const fill = paintToSvg(node.fills, fillRef);
  const stroke = paintToSvg(node.strokes, strokeRef);
  let out = ` fill="${esc(fill.paint)}"`;
  if (fill.opacity !== undefined && fill.opacity !== 1) out += ` fill-opacity="${fill.opacity}"`;
  if (stroke.paint !== "none") {
    out += ` stroke="${esc(stroke.paint)}" stroke-width="${node.strokeWeight}"`;
    if (stroke.opacity !== undefined && stroke.opacity !== 1) out += ` stroke-opacity="${stroke.opacity}"`;
  }
  return out;
}

function imageFillOf(node: EmuScene): ImagePaint | undefined {
  return node.fills.find((p): p is ImagePaint => p.type === "IMAGE" && p.visible !== false);
}

export class Renderer {
  constructor(private readonly images: ImageStore) {}

  /** The node in its parent's coordinate space. */
  private fragment(node: EmuScene): string {
    if (!node.visible) return "";
    const box = `x="${node.x}" y="${node.y}" width="${node.width}" height="${node.height}"`;
    if (node instanceof EmuGroup) return `<g>${node.children.map((c) => this.fragment(c)).join("")}</g>`;
    if (node instanceof EmuVector && node.svg) {
      const attrs = { ...(node.svg.element[":@"] as Record<string, string>) };
      const fillRef = attrs["data-fill-ref"];
      const strokeRef = attrs["data-stroke-ref"];
      delete attrs["data-fill-ref"];
      delete attrs["data-stroke-ref"];
      const tag = Object.keys(node.svg.element).find((k) => k !== ":@")!;
      const element = builder.build([{ [tag]: [], ":@": attrs }]) as string;
      const painted = element.replace(/\/?>$/, (end) => `${paintAttrs(node, fillRef, strokeRef)}${end}`);
      return `<svg ${box} viewBox="${node.svg.viewBox.join(" ")}" preserveAspectRatio="none" overflow="visible">${painted}</svg>`;
    }
    const background = this.background(node);
    if (node instanceof EmuFrame) {
      const inner = node.children.map((c) => this.fragment(c)).join("");
      const overflow = node.clipsContent ? "hidden" : "visible";
      return `<svg ${box} overflow="${overflow}">${background}${inner}</svg>`;
    }
    return `<svg ${box} overflow="visible">${background}</svg>`;
  }

  /** A box's fills and strokes in its own coordinates (image fills cover it, like scale mode FILL). */
  private background(node: EmuScene): string {
    const w = node.width;
    const h = node.height;
    const image = imageFillOf(node);
    let out = "";
    if (image?.imageHash) {
      const stored = this.images.bytesOf(image.imageHash);
      if (stored) {
        const href = `data:${MIME[stored.type]};base64,${Buffer.from(stored.bytes).toString("base64")}`;
        out += `<image width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice" href="${href}"/>`;
      }
    }
    const solidFills = node.fills.filter((p) => p.type !== "IMAGE");
    if (solidFills.length > 0 || node.strokes.length > 0) {
      const tmp = { fills: solidFills, strokes: node.strokes, strokeWeight: node.strokeWeight };
      const shape =
        node.type === "ELLIPSE"
          ? `<ellipse cx="${w / 2}" cy="${h / 2}" rx="${w / 2}" ry="${h / 2}"`
          : `<rect width="${w}" height="${h}"`;
      out += `${shape}${paintAttrs(tmp)}/>`;
    }
    return out;
  }

  /** The node alone, as a standalone SVG document of its own size. */
  svgOf(node: EmuScene): string {
    const defs = new Set<string>();
    const collect = (n: EmuNode) => {
      if (n instanceof EmuFrame && n.svgDefs) defs.add(n.svgDefs);
      if (n instanceof EmuVector && n.svg?.defs) defs.add(n.svg.defs);
      if (n instanceof EmuFrame || n instanceof EmuGroup) for (const c of n.children) collect(c);
    };
    collect(node);
    const defsXml = [...defs].map((json) => builder.build(JSON.parse(json)) as string).join("");
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${node.width}" height="${node.height}" ` +
      `viewBox="0 0 ${node.width} ${node.height}">${defsXml}` +
      `<g transform="translate(${-node.x} ${-node.y})">${this.fragment(node)}</g></svg>`
    );
  }

  async export(
    node: EmuNode,
    settings?: ExportSettings | ExportSettingsSVGString,
  ): Promise<Uint8Array | string> {
    if (!(node instanceof EmuScene) || node.removed)
      throw figmaError("exportAsync", "Node cannot be exported");
    const format = settings?.format ?? "PNG";
    if (format === "SVG_STRING") return this.svgOf(node);
    if (format === "SVG") return new Uint8Array(Buffer.from(this.svgOf(node)));
    if (format !== "PNG" && format !== "JPG") throw figmaError("exportAsync", `Unsupported format ${format}`);
    const constraint = (settings as ExportSettingsImage | undefined)?.constraint;
    const scale =
      constraint?.type === "WIDTH"
        ? constraint.value / node.width
        : constraint?.type === "HEIGHT"
          ? constraint.value / node.height
          : (constraint?.value ?? 1);
    const width = Math.max(1, Math.round(node.width * scale));
    const height = Math.max(1, Math.round(node.height * scale));
    const png = await this.rasterise(node, width, height);
    if (format === "PNG") return new Uint8Array(png);
    return new Uint8Array(await sharp(png).flatten({ background: "#ffffff" }).jpeg().toBuffer());
  }

  private async rasterise(node: EmuScene, width: number, height: number): Promise<Buffer> {
    const image = imageFillOf(node);
    const stored = image?.imageHash ? this.images.bytesOf(image.imageHash) : undefined;
    const isLeaf = !(node instanceof EmuFrame || node instanceof EmuGroup);
    if (stored && isLeaf && node.fills.length === 1 && node.strokes.length === 0) {
      return sharp(stored.bytes, { animated: false })
        .resize(width, height, { fit: "cover" })
        .png()
        .toBuffer();
    }
    const resvg = new Resvg(this.svgOf(node), { fitTo: { mode: "width", value: width } });
    const rendered = resvg.render().asPng();
    // resvg keeps the aspect ratio; a rounding pixel off the requested height is trimmed or padded.
    return sharp(rendered).resize(width, height, { fit: "fill" }).png().toBuffer();
  }
}
