// POST /v3/items/{item}/api-download: checks the body, the format, the subscription, the asset type's
// coverage and the spend ceiling, makes a file drawn on demand (a Lottie's GIF), charges the
// download and answers a signed, expiring link to /files/... (served by routes/files.ts).

import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { ApiError, formatNotAvailable, invalidRequest } from "../../api/contract/errors";
import { parseDownloadBody } from "../../api/contract/validate/download";
import { RENDER_MAX_EDGE, RENDER_MIN_EDGE } from "../engines";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { baseUrlOf } from "../http/errors";
import { madeFile, madeOnDemand } from "../render/made-on-demand";
import { RASTER_MAX_SIDE, RASTER_MIN_SIDE } from "../render/rasterise";
import { findAsset } from "./items";

/** Each download counts this many credits against the period (the spec shows no figure). */
export const DOWNLOAD_CREDIT_COST = 1;
export const DOWNLOAD_LINK_TTL_SECONDS = 15 * 60;
const BODY_LIMIT_BYTES = 16 * 1024;

/** What POST /v3/items/{item}/api-download touches: the guard, the catalogue, the raster cache (files
 * made on demand), the ledger it charges, the signer of the link and the base the link starts with. */
export type DownloadRouteDeps = GuardDeps &
  Pick<LocalApiDeps, "catalog" | "raster" | "ledger" | "signer" | "publicBaseUrl">;

export function downloadRoutes(deps: DownloadRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.post(
    "/v3/items/:item/api-download",
    authenticate(deps, "required"),
    rateLimit(deps),
    bodyLimit({
      maxSize: BODY_LIMIT_BYTES,
      onError: () => {
        throw new ApiError(
          413,
          "invalid_request",
          `The download body is larger than ${BODY_LIMIT_BYTES} bytes.`,
        );
      },
    }),
    async (c) => {
      const account = c.get("account");
      if (!/\bjson\b/i.test(c.req.header("content-type") ?? "")) {
        throw invalidRequest("The download body must be sent as Content-Type: application/json.");
      }
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw invalidRequest("The download body is not valid JSON.");
      }
      const asset = findAsset(deps, c.req.param("item"));
      const request = parseDownloadBody(body);
      if (!asset.formats.includes(request.format)) {
        throw formatNotAvailable(
          `Format ${request.format} is not available for this ${asset.type}; valid formats: ${asset.formats.join(", ")}.`,
        );
      }
      // The size is part of the request's validity: checked before the subscription and coverage.
      const size =
        request.format === "gif"
          ? animationSize(request.width, request.height)
          : rasterSize(request.format, request.width, request.height);
      if (!account.subscription) {
        throw new ApiError(422, "subscription_required", "This client has no active API subscription.");
      }
      if (!account.covers.includes(asset.type)) {
        throw new ApiError(
          400,
          "asset_not_covered",
          `This client's subscription does not cover ${asset.type} assets (it covers: ${account.covers.join(", ") || "none"}).`,
        );
      }
      // A Lottie's GIF is drawn now, before the charge: a render that fails (or a caller that left
      // while it ran) costs nothing. The link then serves the file made here.
      if (madeOnDemand(asset, request.format)) {
        await madeFile(deps.raster, asset, request.format, size);
        if (c.req.raw.signal.aborted) {
          throw new ApiError(503, "service_unavailable", "The request was stopped; nothing was charged.");
        }
      }
      deps.ledger.chargeDownload(account.client_id, DOWNLOAD_CREDIT_COST, {
        kind: "download",
        operation: `download-${request.format}`,
        asset: asset.uuid,
      });
      const signed = deps.signer.sign(
        `/files/${asset.uuid}.${request.format}`,
        size ? { w: String(size.width), h: String(size.height) } : {},
        DOWNLOAD_LINK_TTL_SECONDS,
      );
      return c.json({
        response: {
          download: {
            download_url: `${baseUrlOf(c, deps.publicBaseUrl)}${signed.url}`,
            expires_at: signed.expiresAt,
          },
        },
      });
    },
  );
  return app;
}

/**
 * A GIF is drawn from the Lottie at the asked size (one side alone gives a square); 0 for both leaves
 * the animation's own size (long side at most 512). Past the render engine's 1024 px the size is
 * scaled down to fit, keeping its proportions: the window's largest raster setting (2048 px) still
 * places an animation, at the largest size drawn. Below 16 px is refused.
 */
function animationSize(width: number, height: number): { width: number; height: number } | undefined {
  if (!width && !height) return undefined;
  const { width: w, height: h } = askedSides(
    "gif",
    width,
    height,
    `at least ${RENDER_MIN_EDGE}`,
    (side) => side >= RENDER_MIN_EDGE,
  );
  const scale = Math.min(1, RENDER_MAX_EDGE / Math.max(w, h));
  return {
    width: Math.max(RENDER_MIN_EDGE, Math.floor(w * scale)),
    height: Math.max(RENDER_MIN_EDGE, Math.floor(h * scale)),
  };
}

/**
 * PNG is rasterised here, so it needs a size: width and/or height in 16..4096 (one alone gives a
 * square). Other formats are served as they are and their sizes ignored (the spec sends 0).
 */
function rasterSize(
  format: string,
  width: number,
  height: number,
): { width: number; height: number } | undefined {
  if (format !== "png") return undefined;
  return askedSides(
    format,
    width,
    height,
    `between ${RASTER_MIN_SIDE} and ${RASTER_MAX_SIDE}`,
    (side) => side >= RASTER_MIN_SIDE && side <= RASTER_MAX_SIDE,
  );
}

/**
 * The size a download asks for, one side alone giving a square; a side outside what `fits` allows
 * is refused in words (`rule`: "between 16 and 4096").
 */
function askedSides(
  format: string,
  width: number,
  height: number,
  rule: string,
  fits: (side: number) => boolean,
): { width: number; height: number } {
  const w = width || height;
  const h = height || width;
  for (const [name, value] of [
    ["width", w],
    ["height", h],
  ] as const) {
    if (!fits(value)) {
      throw invalidRequest(`${name} must be ${rule} pixels for a ${format} download; got ${value}.`);
    }
  }
  return { width: w, height: h };
}
