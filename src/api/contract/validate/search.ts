// Search parameters, checked as the spec states them before anything is sent (and by the servers on
// what they receive).

import { invalidRequest } from "../errors";
import type { SearchParams } from "../spec-objects";
import { ORIENTATIONS, PER_PAGE_DEFAULT, PER_PAGE_MAX, RESULT_WINDOW, SORTS } from "../tables";
import { checkSharedFilters } from "./filters";
import { checkDate, checkEnum, checkInteger, checkList, checkString, refuseUnknownKeys } from "./values";

export const SEARCH_PARAM_KEYS = [
  "query",
  "asset",
  "price",
  "sort",
  "formats",
  "styles",
  "orientation",
  "icon_grid",
  "categories",
  "contributors",
  "include_tags",
  "exclude_tags",
  "include_categories",
  "exclude_categories",
  "start_date",
  "end_date",
  "page",
  "per_page",
] as const satisfies readonly (keyof SearchParams)[];

/** Throws a 400 invalid_request naming the first parameter that breaks a rule. */
export function validateSearchParams(params: SearchParams): SearchParams {
  if (typeof params !== "object" || params === null)
    throw invalidRequest("Search parameters must be an object.");
  refuseUnknownKeys("search parameter(s)", params, SEARCH_PARAM_KEYS);
  if (params.query !== undefined) checkString("query", params.query);
  const asset = checkSharedFilters(params);
  if (params.sort !== undefined) checkEnum("sort", params.sort, SORTS);
  if (params.orientation !== undefined) {
    checkList("orientation[]", params.orientation, ORIENTATIONS);
    if (params.orientation.length > 0 && asset === "icon") {
      throw invalidRequest("orientation[] applies only to non-icon assets.");
    }
  }
  if (params.icon_grid !== undefined) {
    checkInteger("icon_grid", params.icon_grid, 1);
    // The service ignores icon_grid elsewhere; refusing it here catches a filter that would silently do nothing.
    if (asset !== "icon") throw invalidRequest(`icon_grid applies only to asset icon, not to ${asset}.`);
  }
  if (params.start_date !== undefined) checkDate("start_date", params.start_date);
  if (params.end_date !== undefined) checkDate("end_date", params.end_date);
  if (
    params.start_date !== undefined &&
    params.end_date !== undefined &&
    params.end_date < params.start_date
  ) {
    throw invalidRequest(`end_date ${params.end_date} is before start_date ${params.start_date}.`);
  }
  const perPage =
    params.per_page === undefined
      ? PER_PAGE_DEFAULT
      : checkInteger("per_page", params.per_page, 1, PER_PAGE_MAX);
  const page = params.page ?? 1;
  // A page is reachable while its first item lies inside the result window.
  if ((page - 1) * perPage >= RESULT_WINDOW) {
    const last = Math.ceil(RESULT_WINDOW / perPage);
    throw invalidRequest(
      `page ${page} lies beyond the ${RESULT_WINDOW}-item result window; with per_page ${perPage} the last page is ${last}.`,
    );
  }
  return params;
}
