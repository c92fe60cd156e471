// An image_url that names one of this server's own public previews (an asset placed from its
// catalogue, picked as the input of image-to-image or image-to-3d). Such a URL is on this server's
// origin, which is loopback (or the embedded proxy's made-up name) and so refused as an outbound
// URL; yet nothing needs fetching: the server serves those bytes itself. So exactly its public
// preview paths, on exactly its own origin, are read in-process through its own file routes, and
// everything else still goes through the outbound checks.

import { Hono } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { LocalApiEnv } from "../http/context";
import { answerError } from "../http/errors";
import { type FileRouteDeps, fileRoutes } from "../routes/files";

const refusedAs = (why: string) => new ApiError(422, "invalid_request", `image_url is refused: ${why}.`);

/** The public, unsigned preview paths of files.ts: /previews/{uuid}.svg, /{uuid}/{size}.png, /{uuid}/file.{format}. */
const PREVIEW_PATH = /^\/previews\/[A-Za-z0-9_-]{1,80}(?:\.svg|\/\d{1,4}\.png|\/file\.[a-z]{2,6})$/;

export interface OwnImage {
  bytes: Uint8Array;
  contentType: string;
}

/** True when `url` is one of this server's own preview links: same origin as `base`, a preview path, no query. */
export function isOwnPreview(url: URL, base: string): boolean {
  let own: URL;
  try {
    own = new URL(base);
  } catch {
    return false;
  }
  return url.origin === own.origin && url.search === "" && PREVIEW_PATH.test(url.pathname);
}

/** What reading an own preview touches: exactly what the file routes that serve it do. */
export type OwnImageDeps = FileRouteDeps;

/** Reads own previews through the file routes, in this process (no socket, no lookup). */
export function createOwnImageReader(deps: OwnImageDeps): (url: URL) => Promise<OwnImage> {
  const files = new Hono<LocalApiEnv>();
  files.route("/", fileRoutes(deps));
  files.onError(answerError);
  return async (url) => {
    const response = await files.fetch(new Request(`http://own${url.pathname}`));
    if (!response.ok) {
      await response.body?.cancel();
      throw refusedAs("it names no preview this server has");
    }
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    if (!contentType.startsWith("image/")) {
      await response.body?.cancel();
      throw refusedAs("that preview is not an image");
    }
    return { bytes: new Uint8Array(await response.arrayBuffer()), contentType };
  };
}
