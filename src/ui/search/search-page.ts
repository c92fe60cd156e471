// The results' page size, alone in its file: the page's first script (boot/first-search.ts) asks
// the first page before the search store exists, and must ask it at the same size.

/**
 * The results' page size: the spec's largest. Variants fold into one cell (Phosphor's six weights
 * are one icon), so a page brings far fewer cells than drawings: "arrow" gave 118, 61, 46 and then
 * 0 new cells for its first four pages of 150 (a page of only more weights of icons shown), and
 * scrolling three screens asked four pages. Pages of 200 bring 152, 48, 25, 62: the same scroll
 * asks three. 200 does not divide the 1,500-item window; its last 100 are asked as one smaller
 * page (window-pages.ts), so paging still reaches the window's end.
 */
export const SEARCH_PAGE = 200;
