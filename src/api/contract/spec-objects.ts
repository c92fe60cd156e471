// What the client hands its callers. Typed by what the spec shows; everything it does not show is
// kept, untyped, on the same objects (index signatures) or under `raw`, never dropped.

import type { AssetType, Format, Orientation, Price, Sort, Style } from "./tables";

export interface Asset {
  uuid: string;
  name: string;
  /** Maps a format (or a preview kind) to a URL. */
  urls: Record<string, string>;
  [unknownField: string]: unknown;
}

export interface SearchParams {
  query?: string;
  asset?: AssetType;
  price?: Price;
  sort?: Sort;
  formats?: Format[];
  styles?: Style[];
  orientation?: Orientation[];
  icon_grid?: number;
  categories?: string[];
  contributors?: string[];
  include_tags?: string[];
  exclude_tags?: string[];
  include_categories?: string[];
  exclude_categories?: string[];
  /** YYYY-MM-DD */
  start_date?: string;
  /** YYYY-MM-DD */
  end_date?: string;
  page?: number;
  per_page?: number;
}

/** The filters the reverse image search accepts besides its image source. */
export interface ReverseSearchFilters {
  asset?: AssetType;
  price?: Price;
  formats?: Format[];
  styles?: Style[];
  categories?: string[];
  include_categories?: string[];
  exclude_categories?: string[];
  contributors?: string[];
  page?: number;
}

export interface SearchResult {
  total: number;
  data: Asset[];
  /** The whole `response` object, for fields the spec does not show. */
  raw: Record<string, unknown>;
}

export interface ReverseSearchResult extends SearchResult {
  image_hash: string;
}

export interface DownloadRequest {
  format: Format;
  /** 0 for vector and json downloads, a pixel size for raster ones. */
  width: number;
  height: number;
}

export interface Download {
  download_url: string;
  [unknownField: string]: unknown;
}

/** The rate-limit figures every admitted response carries. */
export interface RateLimit {
  limit?: number;
  remaining?: number;
  reset?: number;
}

export interface ConversionJob {
  uuid: string;
  status: string;
  [unknownField: string]: unknown;
}

export interface AiTask {
  task_id: string;
  status?: string;
  [unknownField: string]: unknown;
}
