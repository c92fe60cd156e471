// GET /v3/items/{item}: one asset; additional_informations=true adds technical metadata read from
// the asset's file (view box and size for SVGs; frame rate, frames, duration and size for Lottie
// JSON; the picture's size for 3D).

import { Hono } from "hono";
import sharp from "sharp";
import { ApiError, invalidRequest } from "../../api/contract/errors";
import type { CatalogAsset } from "../catalog/types";
import { assetDetail } from "../http/asset-json";
import { authenticate, type GuardDeps, rateLimit } from "../http/auth";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { baseUrlOf } from "../http/errors";
import { readFormatFile, readSvg } from "../render/asset-files";

/** What GET /v3/items/{item} touches: the guard, the catalogue, and the base of its links. */
export type ItemRouteDeps = GuardDeps & Pick<LocalApiDeps, "catalog" | "publicBaseUrl">;

export function findAsset(deps: Pick<LocalApiDeps, "catalog">, id: string): CatalogAsset {
  const asset = deps.catalog.byUuid.get(id.toLowerCase());
  if (!asset)
    throw new ApiError(404, "item_not_found", `No asset has the uuid ${JSON.stringify(id.slice(0, 80))}.`);
  return asset;
}

function readBoolean(name: string, value: string | undefined): boolean {
  if (value === undefined || value === "false" || value === "0") return false;
  if (value === "true" || value === "1") return true;
  throw invalidRequest(`${name} must be true or false, got ${JSON.stringify(value.slice(0, 40))}.`);
}

export function itemRoutes(deps: ItemRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();
  app.get("/v3/items/:item", authenticate(deps, "optional"), rateLimit(deps), async (c) => {
    const asset = findAsset(deps, c.req.param("item"));
    const extra = readBoolean("additional_informations", c.req.query("additional_informations"));
    const item = assetDetail(asset, baseUrlOf(c, deps.publicBaseUrl));
    if (extra) item.additional_informations = await technicalInformation(asset);
    return c.json({ response: { item } });
  });
  return app;
}

async function technicalInformation(asset: CatalogAsset): Promise<Record<string, unknown>> {
  const info: Record<string, unknown> = { formats: asset.formats };
  if (asset.variant !== undefined) info.variant = asset.variant;
  if (asset.version !== undefined) info.released_in = asset.version;
  const svg = await readSvg(asset).catch(() => undefined);
  if (svg !== undefined) {
    info.svg_bytes = Buffer.byteLength(svg);
    const viewBox = /viewBox\s*=\s*["']([^"']+)["']/
      .exec(svg)?.[1]
      ?.trim()
      .split(/[\s,]+/)
      .map(Number);
    if (viewBox?.length === 4 && viewBox.every(Number.isFinite)) {
      info.view_box = viewBox;
      info.width = viewBox[2];
      info.height = viewBox[3];
    }
  }
  const json = await readFormatFile(asset, "json").catch(() => undefined);
  if (json !== undefined) Object.assign(info, { json_bytes: json.byteLength }, lottieInformation(json));
  if (asset.source.rasterPath !== undefined) {
    // The picture's own size (sharp reads only the header): downloads scale from it.
    const meta = await sharp(asset.source.rasterPath)
      .metadata()
      .catch(() => undefined);
    if (meta?.width && meta.height) Object.assign(info, { width: meta.width, height: meta.height });
  }
  return info;
}

function lottieInformation(bytes: Uint8Array): Record<string, unknown> {
  try {
    const lottie = JSON.parse(Buffer.from(bytes).toString("utf8")) as Record<string, unknown>;
    const { fr, ip, op, w, h } = lottie;
    if ([fr, ip, op, w, h].every((n) => typeof n === "number" && Number.isFinite(n)) && (fr as number) > 0) {
      const frames = (op as number) - (ip as number);
      return { frame_rate: fr, frames, duration_seconds: frames / (fr as number), width: w, height: h };
    }
  } catch {
    // Not Lottie JSON: nothing to add.
  }
  return {};
}
