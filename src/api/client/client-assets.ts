// Search, item, download, reverse image search and credits.

import { invalidRequest } from "../contract/errors";
import { encodeSearchQuery } from "../contract/search-query";
import type { DownloadRequest, ReverseSearchFilters, SearchParams } from "../contract/spec-objects";
import { type AssetType, SIZELESS_FORMATS } from "../contract/tables";
import { validateDownloadRequest } from "../contract/validate/download";
import { validateImageSource, validateReverseSearchFilters } from "../contract/validate/reverse";
import { validateSearchParams } from "../contract/validate/search";
import { readCredits, readDownload, readItem, readItems, reverseSearchJsonBody } from "./answer-readers";
import type {
  CreditsAnswer,
  DownloadAnswer,
  ItemAnswer,
  ReverseSearchAnswer,
  SearchAnswer,
} from "./method-results";
import { invalidResponse, meta, readEnvelope } from "./success-envelope";
import type { Transport } from "./transport";

export interface CallOptions {
  signal?: AbortSignal;
}

/** width and height may be left out for vector and json formats (they are sent as 0). */
export type DownloadInput = Omit<DownloadRequest, "width" | "height"> & { width?: number; height?: number };

function itemPath(uuid: string, suffix = ""): string {
  if (typeof uuid !== "string" || uuid.trim() === "")
    throw invalidRequest("item (the asset UUID) is required.");
  return `/v3/items/${encodeURIComponent(uuid)}${suffix}`;
}

function imageFileName(file: Blob): string {
  const name = (file as File).name;
  if (typeof name === "string" && name !== "") return name;
  const subtype = file.type.split("/")[1]?.split(";")[0] ?? "png";
  return `image.${subtype === "jpeg" ? "jpg" : subtype}`;
}

export function assetMethods(transport: Transport) {
  async function reverseSearch(
    source: { url?: string; file?: Blob; image_hash?: string },
    filters: ReverseSearchFilters,
    options: CallOptions,
  ): Promise<ReverseSearchAnswer> {
    validateReverseSearchFilters(filters);
    const checked = validateImageSource(source);
    let body: string | FormData;
    const headers: Record<string, string> = {};
    if ("file" in checked) {
      body = new FormData();
      body.append("file", checked.file, imageFileName(checked.file));
      for (const [key, value] of Object.entries(filters)) {
        if (Array.isArray(value)) for (const item of value) body.append(`${key}[]`, String(item));
        else if (value !== undefined) body.append(key, String(value));
      }
    } else {
      body = JSON.stringify(reverseSearchJsonBody(checked, { ...filters }));
      headers["content-type"] = "application/json";
    }
    const exchange = await transport.send({
      method: "POST",
      path: "/v3/reverse-image-search",
      body,
      headers,
      signal: options.signal,
    });
    const { response } = await readEnvelope(exchange, options.signal);
    const imageHash =
      typeof response.image_hash === "string"
        ? response.image_hash
        : "image_hash" in checked
          ? checked.image_hash
          : "";
    return {
      ...readItems(response),
      image_hash: imageHash,
      raw: response,
      ...meta(exchange),
    };
  }

  return {
    async search(params: SearchParams = {}, options: CallOptions = {}): Promise<SearchAnswer> {
      validateSearchParams(params);
      const exchange = await transport.send({
        method: "GET",
        path: "/v3/search",
        query: encodeSearchQuery(params),
        signal: options.signal,
      });
      const { response } = await readEnvelope(exchange, options.signal);
      return { ...readItems(response), raw: response, ...meta(exchange) };
    },

    async item(
      uuid: string,
      options: CallOptions & { additionalInformations?: boolean } = {},
    ): Promise<ItemAnswer> {
      const query = new URLSearchParams();
      if (options.additionalInformations) query.set("additional_informations", "true");
      const exchange = await transport.send({
        method: "GET",
        path: itemPath(uuid),
        query,
        signal: options.signal,
      });
      const { response } = await readEnvelope(exchange, options.signal);
      const item = readItem(response);
      if (!item) throw invalidResponse(exchange.response.status, "carries no item");
      return { item, raw: response, ...meta(exchange) };
    },

    /** With `asset` known, a format outside its table is refused before sending (format_not_available). */
    async download(
      uuid: string,
      input: DownloadInput,
      options: CallOptions & { asset?: AssetType } = {},
    ): Promise<DownloadAnswer> {
      const sizeless = SIZELESS_FORMATS.includes(input.format);
      if (!sizeless && (input.width === undefined || input.height === undefined)) {
        throw invalidRequest(`width and height are required for ${input.format} downloads.`);
      }
      const request = validateDownloadRequest(
        { ...input, width: input.width ?? 0, height: input.height ?? 0 },
        options.asset,
      );
      const exchange = await transport.send({
        method: "POST",
        path: itemPath(uuid, "/api-download"),
        body: JSON.stringify(request),
        headers: { "content-type": "application/json" },
        signal: options.signal,
      });
      const { response } = await readEnvelope(exchange, options.signal);
      const download = readDownload(response);
      if (!download) throw invalidResponse(exchange.response.status, "carries no download_url");
      return { download, ...meta(exchange) };
    },

    reverseSearchByUrl(url: string, filters: ReverseSearchFilters = {}, options: CallOptions = {}) {
      return reverseSearch({ url }, filters, options);
    },
    reverseSearchByFile(file: Blob, filters: ReverseSearchFilters = {}, options: CallOptions = {}) {
      return reverseSearch({ file }, filters, options);
    },
    /** Reuses a hash from an earlier reverse search: paging or re-filtering without re-uploading. */
    reverseSearchByHash(imageHash: string, filters: ReverseSearchFilters = {}, options: CallOptions = {}) {
      return reverseSearch({ image_hash: imageHash }, filters, options);
    },

    async credits(options: CallOptions = {}): Promise<CreditsAnswer> {
      const exchange = await transport.send({ method: "GET", path: "/v3/credits", signal: options.signal });
      const { response } = await readEnvelope(exchange, options.signal);
      return { credits: readCredits(response), raw: response, ...meta(exchange) };
    },
  };
}
