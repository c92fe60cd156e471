// Which of an asset's `urls` to show as its preview. The spec only promises that `urls` maps a
// format to a URL, so each type has an order of preference, then any URL that looks like an image
// or a video; a Lottie's thumb may be a video, played muted on hover. Each URL on a file host the
// proxy relays is replaced by a link to the proxy's relay (services/preview-links.ts) and the
// original kept under `source_urls`: the link is what the picture loads, the original (with its
// file extension) says whether it is a video.

import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";

export type Preview =
  | {
      kind: "image";
      url: string /** An SVG drawing (an icon's can be redrawn at another stroke). */;
      svg: boolean;
    }
  | { kind: "video"; url: string }
  | { kind: "none" };

const SVG = /\.svg(\?|#|$)/i;

// Sized keys (png_256: a 256 px rendering) suit a 104 px cell better than a full-size file.
const THUMBS = ["thumbnail", "thumb", "preview", "png_256", "png_128"];
const PREFERRED: Readonly<Record<AssetType, readonly string[]>> = {
  icon: ["svg", "png", ...THUMBS],
  illustration: [...THUMBS, "png", "svg", "jpg", "webp"],
  "3d": [...THUMBS, "png", "webp", "jpg"],
  // A still first: a GIF shown as the still would play in every cell at once (motionOf plays it).
  lottie: [...THUMBS, "png", "webp", "poster", "gif", "mp4", "webm", "video"],
  "ai-image": [...THUMBS, "png", "jpg", "webp"],
};

const VIDEO = /\.(mp4|webm|mov)(\?|#|$)/i;
const IMAGE = /\.(svg|png|jpe?g|gif|webp|avif)(\?|#|$)/i;
const VIDEO_KEYS = new Set(["mp4", "webm", "video", "mov"]);
/** Formats a browser cannot show as a picture: never a preview. */
const NOT_VISUAL = new Set(["json", "lottie", "eps", "gltf", "glb", "obj", "fbx", "blend", "pdf"]);

function kindOf(key: string, url: string): "image" | "video" | undefined {
  if (VIDEO_KEYS.has(key) || VIDEO.test(url)) return "video";
  if (NOT_VISUAL.has(key)) return undefined;
  return "image";
}

/**
 * A preview link (the proxy's /relay/g?e=<unix seconds>&... written from a grant, or a /relay/p link
 * it signed) whose expiry has passed: the results holding it need showing again with fresh links.
 */
export function linkExpired(url: string, now: number = Date.now()): boolean {
  const expiry = /\/relay\/[gp]\?/.test(url) ? /[?&]e=(\d+)/.exec(url)?.[1] : undefined;
  return expiry !== undefined && Number(expiry) * 1000 <= now;
}

export function previewOf(asset: Asset, type: AssetType): Preview {
  const urls = asset.urls ?? {};
  const sources = Object(asset.source_urls) as Record<string, unknown>;
  const original = (key: string, url: string) => {
    const source = sources[key];
    return typeof source === "string" ? source : url;
  };
  const usable = (key: string) => typeof urls[key] === "string" && urls[key] !== "";
  for (const key of PREFERRED[type]) {
    if (!usable(key)) continue;
    const url = urls[key] as string;
    const kind = kindOf(key, original(key, url));
    if (kind === "video") return { kind, url };
    if (kind) return { kind, url, svg: key === "svg" || SVG.test(original(key, url)) };
  }
  for (const [key, url] of Object.entries(urls)) {
    if (typeof url !== "string" || NOT_VISUAL.has(key)) continue;
    if (VIDEO.test(original(key, url))) return { kind: "video", url };
    if (IMAGE.test(original(key, url))) return { kind: "image", url, svg: SVG.test(original(key, url)) };
  }
  return { kind: "none" };
}

/** What a cell plays while hovered or focused: a moving preview as it is, or the Lottie's JSON drawn. */
export type Motion =
  | { kind: "gif"; url: string }
  | { kind: "video"; url: string }
  | { kind: "lottie"; url: string }
  | { kind: "none" };

const GIF = /\.gif(\?|#|$)/i;
const JSON_FILE = /\.json(\?|#|$)/i;

/**
 * A Lottie's motion: a GIF the service made for previews (under `gif`, or a thumb that is one), or a
 * video preview (played muted), else its `json` (a .lottie is a zip the player does not open). The
 * still stays what previewOf chose (a video's first frame when it is all there is).
 */
export function motionOf(asset: Asset, type: AssetType): Motion {
  if (type !== "lottie") return { kind: "none" };
  const urls = asset.urls ?? {};
  const sources = Object(asset.source_urls) as Record<string, unknown>;
  const original = (key: string) => {
    const source = sources[key];
    return typeof source === "string" ? source : String(urls[key]);
  };
  const usable = (key: string) => typeof urls[key] === "string" && urls[key] !== "";
  for (const key of ["gif", ...THUMBS]) {
    if (usable(key) && (key === "gif" || GIF.test(original(key))))
      return { kind: "gif", url: urls[key] as string };
  }
  for (const [key, url] of Object.entries(urls)) {
    if (usable(key) && kindOf(key, original(key)) === "video") return { kind: "video", url: url as string };
  }
  if (usable("json")) return { kind: "lottie", url: urls.json as string };
  for (const key of Object.keys(urls)) {
    if (usable(key) && JSON_FILE.test(original(key))) return { kind: "lottie", url: urls[key] as string };
  }
  return { kind: "none" };
}
