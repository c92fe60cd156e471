// The boot data the plugin wrote into the page (src/messages/boot-data.ts), read defensively: a page
// opened outside Figma, or by an older plugin, has none, and the window waits for `ready` instead.

import { BOOT_GLOBAL } from "../../messages/boot-data";
import type { LaunchInfo, RecentAsset, RecentSearch, Settings } from "../../messages/types";

export interface Boot {
  settings?: Partial<Settings>;
  home?: string;
  recentAssets?: RecentAsset[];
  recentSearches?: RecentSearch[];
  launch?: LaunchInfo;
}

/** Every command the plugin may launch with: a new one fails the build until it is named here. */
const COMMANDS: Record<LaunchInfo["command"], true> = {
  open: true,
  replace: true,
  similar: true,
  search: true,
  assets: true,
  swap: true,
  vectorize: true,
  "remove-background": true,
};

function readLaunch(value: unknown): LaunchInfo | undefined {
  if (!isRecord(value) || typeof value.command !== "string" || !Object.hasOwn(COMMANDS, value.command))
    return undefined;
  return {
    command: value.command as LaunchInfo["command"],
    ...(typeof value.query === "string" ? { query: value.query } : {}),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function readBoot(
  scope: Record<string, unknown> = globalThis as unknown as Record<string, unknown>,
): Boot {
  const raw = scope[BOOT_GLOBAL];
  if (!isRecord(raw)) return {};
  return {
    // Field by field, as any stored settings: settings-store sanitises them on load.
    ...(isRecord(raw.settings) ? { settings: raw.settings as Partial<Settings> } : {}),
    ...(typeof raw.home === "string" && raw.home ? { home: raw.home } : {}),
    // Lists as the plugin stored them; the views read their fields defensively, as after storage-get.
    ...(Array.isArray(raw.recentAssets) ? { recentAssets: raw.recentAssets as RecentAsset[] } : {}),
    ...(Array.isArray(raw.recentSearches) ? { recentSearches: raw.recentSearches as RecentSearch[] } : {}),
    ...(readLaunch(raw.launch) ? { launch: readLaunch(raw.launch) } : {}),
  };
}
