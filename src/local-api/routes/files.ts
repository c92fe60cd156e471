// The files behind links: signed downloads under /files/{uuid}.{format}, public previews under
// /previews/{uuid}.svg, /previews/{uuid}/{size}.png and /previews/{uuid}/file.{format}, and each
// set's licence text under /licenses/{set}.

import { Hono } from "hono";
import { errorResponse } from "../../api/contract/envelope";
import { ApiError } from "../../api/contract/errors";
import { FORMATS, type Format } from "../../api/contract/tables";
import type { CatalogAsset } from "../catalog/types";
import type { LocalApiDeps, LocalApiEnv } from "../http/context";
import { CONTENT_TYPES, readFormatFile, readSvg } from "../render/asset-files";
import { containedPng, stillPng } from "../render/asset-stills";
import { madeFile, madeOnDemand } from "../render/made-on-demand";
import { PREVIEW_SIZES } from "../render/rasterise";

const notFound = () => new ApiError(404, "not_found", "No such file.");

/** What the file, preview and licence routes touch: the signer of download links, the catalogue and the raster cache. */
export type FileRouteDeps = Pick<LocalApiDeps, "signer" | "catalog" | "raster">;

function assetOf(deps: FileRouteDeps, uuid: string): CatalogAsset {
  const asset = deps.catalog.byUuid.get(uuid);
  if (!asset) throw notFound();
  return asset;
}

function fileResponse(bytes: Uint8Array | string, format: Format, filename?: string): Response {
  const headers: Record<string, string> = {
    "content-type": format === "svg" ? "image/svg+xml; charset=utf-8" : CONTENT_TYPES[format],
    "cache-control": filename ? "private, no-store" : "public, max-age=86400",
    "x-content-type-options": "nosniff",
  };
  if (filename)
    headers["content-disposition"] = `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`;
  return new Response(typeof bytes === "string" ? bytes : new Uint8Array(bytes), { headers });
}

/** The bytes of `asset` in `format`: SVG as is, PNG rendered from the SVG, other files from disk. */
async function render(
  deps: FileRouteDeps,
  asset: CatalogAsset,
  format: Format,
  size?: number[],
): Promise<Response> {
  const stored = await readFormatFile(asset, format).catch(() => undefined);
  if (stored && !(format === "png" && size)) return fileResponse(stored, format);
  const svg = await readSvg(asset);
  if (svg === undefined && !stored && format === "png" && size) {
    // A 3D picture or a Lottie still: drawn from the file the catalogue has.
    const [width = 256, height = width] = size;
    const still = await stillPng(asset, deps.raster, width, height);
    if (still) return fileResponse(still, "png");
  }
  if (svg === undefined && !stored && madeOnDemand(asset, format)) {
    const [width, height] = size ?? [];
    const signed = width && height ? { width, height } : undefined;
    return fileResponse(await madeFile(deps.raster, asset, format, signed), format);
  }
  if (svg === undefined && stored && format === "png" && size) {
    // A stored raster with no SVG behind it: scaled to the signed size instead of rasterised.
    const [width = 256, height = width] = size;
    return fileResponse(await containedPng(stored, width, height), "png");
  }
  if (svg === undefined) throw notFound();
  if (format === "svg") return fileResponse(svg, "svg");
  if (format !== "png" || !size) throw notFound();
  const [width = 256, height = width] = size;
  return fileResponse(await deps.raster.png(asset.uuid, svg, width, height), "png");
}

function splitName(name: string): { uuid: string; format: Format } {
  const dot = name.lastIndexOf(".");
  const format = name.slice(dot + 1) as Format;
  if (dot < 0 || !FORMATS.includes(format)) throw notFound();
  return { uuid: name.slice(0, dot), format };
}

export function fileRoutes(deps: FileRouteDeps): Hono<LocalApiEnv> {
  const app = new Hono<LocalApiEnv>();

  app.get("/files/:name", async (c) => {
    deps.signer.verify(c.req.path, new URL(c.req.url).searchParams);
    const { uuid, format } = splitName(c.req.param("name"));
    const asset = assetOf(deps, uuid);
    if (!asset.formats.includes(format)) throw notFound();
    const sized = format === "png" || format === "gif";
    const size = sized ? [Number(c.req.query("w")), Number(c.req.query("h"))] : undefined;
    const response = await render(deps, asset, format, size);
    response.headers.set(
      "content-disposition",
      `attachment; filename="${asset.name.replace(/[^\w.-]/g, "_")}.${format}"`,
    );
    response.headers.set("cache-control", "private, no-store");
    return response;
  });

  app.get("/previews/:name", async (c) => {
    const { uuid, format } = splitName(c.req.param("name"));
    if (format !== "svg") throw notFound();
    return render(deps, assetOf(deps, uuid), "svg");
  });

  app.get("/previews/:uuid/:name", async (c) => {
    const asset = assetOf(deps, c.req.param("uuid"));
    const name = c.req.param("name");
    const size = /^(\d+)\.png$/.exec(name)?.[1];
    if (size !== undefined) {
      const side = Number(size);
      if (!(PREVIEW_SIZES as readonly number[]).includes(side)) throw notFound();
      return render(deps, asset, "png", [side, side]);
    }
    const format = /^file\.(\w+)$/.exec(name)?.[1] as Format | undefined;
    const bytes = format && (await readFormatFile(asset, format).catch(() => undefined));
    if (!format || !bytes) throw notFound();
    return fileResponse(bytes, format);
  });

  app.get("/licenses/:set", (c) => {
    const license = deps.catalog.licenses.get(c.req.param("set"));
    if (!license) return errorResponse(404, "not_found", "No licence is recorded for that set.");
    const text = license.text ?? `${license.name}\n\nThe catalogue gave no licence text for this set.\n`;
    return c.text(text, 200, { "content-type": "text/plain; charset=utf-8" });
  });

  return app;
}
