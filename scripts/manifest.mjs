// The plugin manifest, derived from the one proxy URL that the build also bakes into the ui,
// so that the two can never disagree.

export const DEFAULT_PROXY_URL = "http://localhost:8787";

/** Reads ASSETPORT_PROXY_URL and reduces it to an origin; a malformed value stops the build. */
export function proxyUrlFromEnv(env) {
  const raw = env.ASSETPORT_PROXY_URL?.trim() || DEFAULT_PROXY_URL;
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`ASSETPORT_PROXY_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`ASSETPORT_PROXY_URL must be http(s): ${raw}`);
  }
  return url.origin;
}

function isLoopback(origin) {
  const { hostname } = new URL(origin);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

export function manifestFor(proxyUrl) {
  const local = isLoopback(proxyUrl);
  return {
    name: "Assetport",
    id: "assetport-dev",
    api: "1.0.0",
    main: "dist/code.js",
    ui: "dist/ui.html",
    editorType: ["figma", "figjam"],
    documentAccess: "dynamic-page",
    networkAccess: {
      // Figma lets a published plugin reach only these; a loopback proxy is for development only.
      allowedDomains: local ? ["none"] : [proxyUrl],
      devAllowedDomains: local ? [proxyUrl] : [DEFAULT_PROXY_URL],
      reasoning:
        "Assetport talks only to its own proxy, which searches the asset service, relays previews and " +
        "downloads, and runs conversions and AI work. The service's secret stays on that proxy.",
    },
    relaunchButtons: [
      { command: "replace", name: "Replace asset" },
      { command: "similar", name: "Find similar" },
    ],
    // Each command is also a quick action (Cmd/Ctrl+/): the window, a search for a term, or assets
    // that look like the selection. The commands are the ones src/plugin/launch.ts reads.
    menu: [
      { name: "Open Assetport", command: "open" },
      {
        name: "Search",
        command: "search",
        parameters: [
          {
            name: "Search",
            key: "query",
            description: "Icons, illustrations, 3D, Lottie or AI images",
            allowFreeform: true,
          },
        ],
        // Also runs from the menu without a term, opening the window as "open" does.
        parameterOnly: false,
      },
      { name: "Find similar to selection", command: "similar" },
    ],
  };
}
