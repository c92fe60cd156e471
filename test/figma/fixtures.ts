// Real encoded images for tests, made on the fly (no binary files in the repo).
import sharp from "sharp";

const solid = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 4, background: color } });

export async function pngBytes(width: number, height: number, color = "#ff0000"): Promise<Uint8Array> {
  return new Uint8Array(await solid(width, height, color).png().toBuffer());
}

export async function jpgBytes(width: number, height: number, color = "#00ff00"): Promise<Uint8Array> {
  return new Uint8Array(await solid(width, height, color).jpeg().toBuffer());
}

export async function webpBytes(width: number, height: number): Promise<Uint8Array> {
  return new Uint8Array(await solid(width, height, "#0000ff").webp().toBuffer());
}

/** An animated GIF: `frames` frames of alternating colours. */
export async function gifBytes(width: number, height: number, frames = 3): Promise<Uint8Array> {
  const raw = Buffer.alloc(width * height * frames * 4);
  for (let f = 0; f < frames; f++) {
    for (let i = 0; i < width * height; i++) {
      const o = (f * width * height + i) * 4;
      raw[o] = f % 2 === 0 ? 255 : 0;
      raw[o + 2] = f % 2 === 0 ? 0 : 255;
      raw[o + 3] = 255;
    }
  }
  const gif = await sharp(raw, { raw: { width, height: height * frames, channels: 4, pageHeight: height } })
    .gif({ loop: 0, delay: Array(frames).fill(100) })
    .toBuffer();
  return new Uint8Array(gif);
}

export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">' +
  '<path d="M4 4h16v16H4z"/><g><circle cx="12" cy="12" r="4" fill="#ff0000" stroke="none"/></g></svg>';
