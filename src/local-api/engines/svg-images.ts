// Images an SVG carries inside itself (data: URLs on <image> and <feImage>), read for their cost
// before a renderer decodes them: a few KB of PNG can declare a 50,000 px square (gigabytes once
// decoded), and an embedded SVG is drawn with all its own <use> expanded. Only headers are read for
// rasters; an embedded SVG's text is handed back to be checked like the file itself.

/** Decoded pixels an embedded raster may have (the upload engines' ceiling). */
export const EMBEDDED_MAX_PIXELS = 40_000_000;

export type EmbeddedImage =
  | { kind: "raster"; width: number; height: number }
  | { kind: "svg"; text: string }
  | { kind: "other" };

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is;

function payload(meta: string, body: string): Buffer {
  return /;base64/i.test(meta) ? Buffer.from(body, "base64") : Buffer.from(decodeURIComponent(body), "utf8");
}

function jpegSize(bytes: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function rasterSize(bytes: Buffer): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString("latin1", 0, 3) === "GIF")
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  if (bytes.length >= 30 && bytes.toString("latin1", 8, 12) === "WEBP") {
    const chunk = bytes.toString("latin1", 12, 16);
    if (chunk === "VP8X") return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
    if (chunk === "VP8L") {
      const bits = bytes.readUInt32LE(21);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
    if (chunk === "VP8 ")
      return { width: bytes.readUInt16LE(26) & 0x3fff, height: bytes.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}

/** What a data: URL link carries; undefined for any other link (a fragment, a path, nothing). */
export function embeddedImage(link: string): EmbeddedImage | undefined {
  const match = DATA_URL.exec(link.trim());
  if (!match) return undefined;
  const [, type = "", meta = "", body = ""] = match;
  let bytes: Buffer;
  try {
    bytes = payload(meta, body);
  } catch {
    return { kind: "other" }; // unreadable: the renderer will not draw it either
  }
  if (/svg/i.test(type)) return { kind: "svg", text: bytes.toString("utf8") };
  const size = rasterSize(bytes);
  return size ? { kind: "raster", ...size } : { kind: "other" };
}
