// The service pages by position (page n of per_page p holds items (n-1)p .. np-1) inside a window
// of 1,500 items. Pages of a size that does not divide the window (200) stop short of its end
// (1,400) unless the rest is asked as one smaller page whose size divides where it starts: the
// last 100 of 1,500 are page 15 of 100. The grid counts its pages 1, 2, 3, ...; this maps each to
// the page and size the service is asked for.

import { RESULT_WINDOW } from "../../api/contract/tables";

export interface ServicePage {
  page: number;
  perPage: number;
}

/** The rest of the window after its whole pages, as one page the service can address, or none. */
function tail(perPage: number, window: number): ServicePage | undefined {
  const whole = Math.floor(window / perPage) * perPage;
  const rest = window - whole;
  if (rest === 0 || whole === 0 || whole % rest !== 0) return undefined;
  return { page: whole / rest + 1, perPage: rest };
}

/** How many pages of `perPage` reach into the window (its whole pages, and the tail when it has one). */
export function pagesInWindow(perPage: number, window = RESULT_WINDOW): number {
  return Math.max(1, Math.floor(window / perPage)) + (tail(perPage, window) ? 1 : 0);
}

/** How many items those pages can hold: the window, or its whole pages' part when no tail fits. */
export function windowReach(perPage: number, window = RESULT_WINDOW): number {
  if (tail(perPage, window)) return window;
  return Math.max(1, Math.floor(window / perPage)) * perPage;
}

/** What the grid's page `index` (from 1) is asked as. */
export function servicePage(index: number, perPage: number, window = RESULT_WINDOW): ServicePage {
  const rest = index > Math.floor(window / perPage) ? tail(perPage, window) : undefined;
  return rest ?? { page: index, perPage };
}
