// How the plugin was started: from the menu, from a node's relaunch button ("replace", "similar"), or
// from the quick-action search with its query. The quick action suggests recent searches as you type.
import type { LaunchInfo, RecentSearch } from "../messages/types";
import { storageGet } from "./storage";

export function launchFrom(command: string, parameters?: ParameterValues): LaunchInfo {
  const query = typeof parameters?.query === "string" ? parameters.query.trim() : "";
  if (query) return { command: "search", query };
  if (command === "replace" || command === "similar") return { command };
  return { command: "open" };
}

export function suggestRecentSearches(): void {
  figma.parameters.on("input", ({ key, query, result }: ParameterInputEvent) => {
    if (key !== "query") return result.setSuggestions([]);
    storageGet("recent-searches").then(
      (recent) => {
        const q = query.trim().toLowerCase();
        const words = (recent as RecentSearch[])
          .map((s) => s.query)
          .filter((s) => s.toLowerCase().includes(q));
        result.setSuggestions([...new Set(q ? [query.trim(), ...words] : words)].slice(0, 10));
      },
      () => result.setSuggestions(query.trim() ? [query.trim()] : []),
    );
  });
}
