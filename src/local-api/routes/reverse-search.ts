// POST /v3/reverse-image-search: one image source (file, url or image_hash), the filters search
// shares (refused ones 400), ranked by visual similarity only against the catalogue's descriptors.
// Answers {"response":{"image_hash","items":{"total","data"}}}, 60 per page; each item carries its
// `similarity` (a field the spec does not show: this project's choice, in docs/local-api.md).

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { invalidRequest, uploadTooLarge } from "../../api/contract/errors";
import type { SearchParams } from "../../api/contract/spec-objects";
import { PER_PAGE_DEFAULT, RESULT_WINDOW, REVERSE_SEARCH_MAX_BYTES } from "../../api/contract/tables";
import { parseReverseSearchRequest } from "../../api/server/reverse-request";
import { describeUpload, isEngineError, rasterFormatOf } from "../engines";
import { assetSummary } from "../http/asset-json";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import { readBoundedJsonBody } from "../http/bounded-json";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { apiErrorOf } from "../http/engine-errors";
import { requireSubscription } from "../http/entitlement";
import { baseUrlOf } from "../http/errors";
import { ImageHashes } from "../reverse/image-hashes";
import { filterFor } from "../search/filters";

export const REVERSE_PAGE_SIZE = PER_PAGE_DEFAULT;
const RASTER_INPUTS = new Set(["png", "jpg", "webp"]);
/**
 * A JSON body names an image (url or image_hash) and filters; it never carries the file (that is
 * multipart). So it is small and flat, and checked as such before it is parsed, once.
 */
export const REVERSE_JSON_MAX_BYTES = 64 * 1024;
export const REVERSE_JSON_MAX_DEPTH = 4;

/**
 * How alike a result is to the image, 0 (nothing alike) to 1 (the same drawing): the descriptors'
 * cosine, which runs below 0 for shapes unlike each other, clipped and rounded for the wire.
 */
export function similarityOf(score: number): number {
  return Math.round(Math.min(1, Math.max(0, score)) * 1000) / 1000;
}

async function embed(bytes: Uint8Array, from: string): Promise<Float32Array> {
  // By signature only: parsing text to name what it is would be work spent on a refusal.
  const format = rasterFormatOf(bytes);
  if (!format || !RASTER_INPUTS.has(format)) {
    throw invalidRequest(`The image from ${from} must be a jpg, png or webp file; it is not one of those.`);
  }
  try {
    return await describeUpload(bytes);
  } catch (error) {
    if (isEngineError(error) && error.reason === "rate_limit_exceeded") throw apiErrorOf(error);
    const detail = isEngineError(error) ? error.message : "it could not be decoded";
    throw invalidRequest(`The image from ${from} could not be read: ${detail}`);
  }
}

/** The reverse search's JSON, bounded in size and nesting before it is parsed (once). */
const readBoundedReverseJson = (request: Request) =>
  readBoundedJsonBody(request, {
    maxBytes: REVERSE_JSON_MAX_BYTES,
    maxDepth: REVERSE_JSON_MAX_DEPTH,
    what: "A reverse image search JSON body",
  });

/**
 * What POST /v3/reverse-image-search touches: the guard, the image fetcher (a url source), the
 * remembered image hashes, the reverse index and the catalogue it ranks, and the base of its links.
 */
export type ReverseSearchRouteDeps = GuardDeps &
  Pick<LocalApiDeps, "fetchImage" | "imageHashes" | "reverse" | "catalog" | "publicBaseUrl">;

export function reverseSearchRoutes(deps: ReverseSearchRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.post(
    "/v3/reverse-image-search",
    authenticate(deps, "required"),
    rateLimit(deps),
    bodyLimit({
      maxSize: REVERSE_SEARCH_MAX_BYTES + 64 * 1024,
      onError: () => {
        throw uploadTooLarge("The reverse image search accepts files up to 10 MB.");
      },
    }),
    async (c) => {
      const account = c.get("account");
      const { filters, source } = await parseReverseSearchRequest(c.req.raw, readBoundedReverseJson);
      requireSubscription(account);

      let imageHash: string;
      let descriptor: Float32Array | undefined;
      if ("image_hash" in source) {
        imageHash = source.image_hash;
        descriptor = deps.imageHashes.recall(account.client_id, imageHash);
        if (!descriptor) {
          throw invalidRequest("image_hash is unknown or has expired; send the image again as file or url.");
        }
      } else {
        const bytes =
          "file" in source
            ? new Uint8Array(await source.file.arrayBuffer())
            : await deps.fetchImage(source.url);
        descriptor = await embed(bytes, "file" in source ? "file" : "url");
        imageHash = ImageHashes.hashOf(bytes);
        deps.imageHashes.remember(account.client_id, imageHash, descriptor);
      }

      const ranked = await deps.reverse.ranked(imageHash, descriptor);
      const keep = filterFor(filters as SearchParams, filters.asset ?? "icon");
      const matching = ranked.filter(({ id }) => {
        const asset = deps.catalog.byUuid.get(id);
        return asset !== undefined && keep(asset);
      });
      const total = Math.min(matching.length, RESULT_WINDOW);
      const page = filters.page ?? 1;
      const from = (page - 1) * REVERSE_PAGE_SIZE;
      const base = baseUrlOf(c, deps.publicBaseUrl);
      const data = matching
        .slice(from, Math.min(from + REVERSE_PAGE_SIZE, total))
        .flatMap(({ id, score }) => {
          const asset = deps.catalog.byUuid.get(id);
          return asset ? [{ ...assetSummary(asset, base), similarity: similarityOf(score) }] : [];
        });
      return c.json({ response: { image_hash: imageHash, items: { total, data } } });
    },
  );
  return app;
}
