// figma.createImage / createImageAsync: only PNG, JPEG and GIF, at most 4096 px a side, decoded from
// the bytes' header (as Figma does, whatever the caller claims). Images are handles, not nodes.
import { createHash } from "node:crypto";
import { imageSize } from "image-size";
import type { EmulatedImage } from "./used-api";
import { figmaError } from "./world";

export const MAX_IMAGE_SIDE = 4096;
const ACCEPTED = new Set(["png", "jpg", "gif"]);

export interface EmuImage extends EmulatedImage {
  readonly hash: string;
  getBytesAsync(): Promise<Uint8Array>;
  getSizeAsync(): Promise<{ width: number; height: number }>;
}

interface Stored {
  bytes: Uint8Array;
  width: number;
  height: number;
  type: string;
}

export class ImageStore {
  private readonly images = new Map<string, Stored>();
  /** URLs createImageAsync can "fetch" (the sandbox has no network in tests). */
  readonly urls = new Map<string, Uint8Array>();

  has(hash: string): boolean {
    return this.images.has(hash);
  }

  bytesOf(hash: string): Stored | undefined {
    return this.images.get(hash);
  }

  create(data: unknown, call = "createImage"): EmuImage {
    if (!(data instanceof Uint8Array)) throw figmaError(call, "Expected a Uint8Array");
    let info: { width?: number; height?: number; type?: string };
    try {
      info = imageSize(data);
    } catch {
      throw figmaError(call, "Image type is unsupported");
    }
    if (!info.type || !ACCEPTED.has(info.type)) throw figmaError(call, "Image type is unsupported");
    const width = info.width ?? 0;
    const height = info.height ?? 0;
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) throw figmaError(call, "Image is too large");
    const bytes = new Uint8Array(data);
    const hash = createHash("sha1").update(bytes).digest("hex");
    if (!this.images.has(hash)) this.images.set(hash, { bytes, width, height, type: info.type });
    return this.handle(hash);
  }

  async createAsync(src: string): Promise<EmuImage> {
    const bytes = this.urls.get(src) ?? dataUrlBytes(src);
    if (!bytes) throw figmaError("createImageAsync", `Failed to fetch image from ${src}`);
    return this.create(bytes, "createImageAsync");
  }

  handle(hash: string): EmuImage {
    const stored = this.images.get(hash);
    if (!stored) throw figmaError("getImageByHash", "Image with this hash does not exist");
    return {
      hash,
      getBytesAsync: async () => new Uint8Array(stored.bytes),
      getSizeAsync: async () => ({ width: stored.width, height: stored.height }),
    };
  }
}

function dataUrlBytes(src: string): Uint8Array | undefined {
  const m = /^data:[^;,]*;base64,(.*)$/s.exec(src);
  return m ? new Uint8Array(Buffer.from(m[1]!, "base64")) : undefined;
}
