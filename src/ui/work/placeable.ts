// Which results Figma can show, and as what: SVG as vectors; PNG, JPG and GIF as image fills.

import type { InsertContent } from "../../messages/types";
import { mediaType } from "./file-names";

const IMAGE_FORMATS = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif" } as const;

/** Output formats (file extensions) Figma shows as an image fill: PNG, JPG and GIF. */
export function isPlaceableFormat(format: string): boolean {
  return (Object.values(IMAGE_FORMATS) as string[]).includes(format);
}

export function isPlaceable(contentType: string): boolean {
  const type = mediaType(contentType);
  return type === "image/svg+xml" || type in IMAGE_FORMATS;
}

/** What place-result takes for these bytes; undefined when Figma cannot show them. */
export function placeContent(bytes: Uint8Array, contentType: string): InsertContent | undefined {
  const type = mediaType(contentType);
  if (type === "image/svg+xml") return { kind: "svg", svg: new TextDecoder().decode(bytes) };
  const format = IMAGE_FORMATS[type as keyof typeof IMAGE_FORMATS];
  return format ? { kind: "image", format, bytes } : undefined;
}
