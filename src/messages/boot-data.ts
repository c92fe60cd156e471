// What the plugin writes into the window's page as it opens it (figma.showUI's html): the stored
// settings, the recent lists and the home the last window kept, so the window's first render
// already shows them, without waiting for a round trip. `ready` still follows and stays the authority.

import type { LaunchInfo, RecentAsset, RecentSearch, Settings } from "./types";

export interface BootData {
  settings: Settings;
  /** The kept home's text (home-snapshot.ts), "" when none. */
  home: string;
  recentAssets: RecentAsset[];
  recentSearches: RecentSearch[];
  /** How the plugin was started: the first search can leave before `ready` is answered. */
  launch?: LaunchInfo;
}

/** The global the boot script sets, read once by the ui's entry. */
export const BOOT_GLOBAL = "__assetportBoot";

/**
 * The page with the boot data set by a script before its first one. JSON with every "<" escaped, so
 * nothing in it can close the script or open a comment; a page without scripts is left as it is.
 */
export function withBootData(html: string, data: BootData): string {
  const at = html.indexOf("<script>");
  if (at < 0) return html;
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `${html.slice(0, at)}<script>globalThis.${BOOT_GLOBAL}=${json};</script>${html.slice(at)}`;
}
