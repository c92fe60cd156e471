// How the plugin was started, as Figma's "run" event tells it: from the menu ("assets": the file's
// assets and their credits; "vectorize" and "remove-background": work on the selection in a small
// window), from a node's relaunch button ("replace", "similar", "swap"), or from the quick-action
// search with its query (the "Search" menu item is parameterOnly: false, so from the menu it runs
// without one and opens plainly). The quick action suggests recent searches as you type.
import type { LaunchInfo, RecentSearch } from "../messages/types";
import { storageGet } from "./storage";

export function launchFrom(command: string, parameters?: ParameterValues): LaunchInfo {
  const query = typeof parameters?.query === "string" ? parameters.query.trim() : "";
  if (query) return { command: "search", query };
  if (command === "replace" || command === "similar" || command === "assets" || command === "swap")
    return { command };
  if (command === "vectorize" || command === "remove-background") return { command };
  return { command: "open" };
}

/**
 * The quick action offers what was typed first, then the recent searches that contain it. Figma calls
 * this only while the parameters are entered, before "run". Returns what stops it.
 */
export function suggestRecentSearches(): () => void {
  const onInput = async ({ query, result }: ParameterInputEvent) => {
    const q = query.trim();
    const recent = (await storageGet("recent-searches").catch(() => [])) as RecentSearch[];
    const matches = recent
      .map((s) => s.query)
      .filter((s) => s !== q && s.toLowerCase().includes(q.toLowerCase()));
    result.setSuggestions((q ? [q] : []).concat(matches).slice(0, 10));
  };
  figma.parameters.on("input", onInput);
  return () => figma.parameters.off("input", onInput);
}
