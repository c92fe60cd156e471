// Names for results: the source's name with the extension of what came back.

const EXTENSIONS: Readonly<Record<string, string>> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/svg+xml": "svg",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "application/pdf": "pdf",
  "application/json": "json",
  "model/gltf-binary": "glb",
  "model/gltf+json": "gltf",
};

/** The bare media type, lower case ("image/svg+xml; charset=utf-8" -> "image/svg+xml"). */
export function mediaType(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

/** `output` wins when the operation names it (lottie-to-dotlottie answers application/zip for a .lottie). */
export function extensionOf(contentType: string, output?: string): string {
  return output ?? EXTENSIONS[mediaType(contentType)] ?? "bin";
}

/** "Logo" + image/png -> "Logo.png"; characters no file system takes are replaced. */
export function resultFileName(base: string, contentType: string, output?: string, index?: number): string {
  // Control characters and the ones file systems refuse.
  const clean =
    [...base]
      .map((c) => (c < " " || '\\/:*?"<>|'.includes(c) ? "-" : c))
      .join("")
      .trim() || "result";
  const suffix = index === undefined ? "" : ` ${index + 1}`;
  return `${clean}${suffix}.${extensionOf(contentType, output)}`;
}

/** A picked file's name without its extension ("anim.json" -> "anim"). */
export function baseName(name: string): string {
  return name.replace(/\.[^.]+$/, "") || name;
}
