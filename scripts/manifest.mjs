// The plugin manifest, derived from the same list of proxy origins that the build bakes into the ui,
// so that the two can never disagree: Figma lets the iframe reach only the origins named in
// `networkAccess`, fixed when the manifest is written, so the ui may offer no other.
// Everything here is a pure function of the environment and the manifest already on disk.

export const DEFAULT_PROXY_URL = "http://localhost:8787";
/** The id of a build nobody has registered with Figma yet. */
export const DEV_PLUGIN_ID = "assetport-dev";

import { isLoopback, isReachableFromHttps } from "./loopback.mjs";

export { isLoopback };

function originOf(name, raw) {
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} holds something that is not a URL: ${raw}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${name} must hold http(s) URLs: ${raw}`);
  }
  // Figma's window is an https page: the browser blocks plain http to any host but this machine.
  if (!isReachableFromHttps(url.origin)) {
    throw new Error(
      `${name} names ${url.origin}: Figma runs on https and the browser blocks plain http to any ` +
        "other computer, so serve that proxy over https.",
    );
  }
  return url.origin;
}

/**
 * A build talks either to proxies on this machine (a development build: Figma lets only a plugin
 * imported from its manifest reach them, through devAllowedDomains) or to remote ones (what a
 * published plugin can reach). Both at once would offer designers of the published plugin a server
 * Figma blocks, and make it the default when it comes first.
 */
function refuseMixed(name, origins) {
  const local = origins.filter(isLoopback);
  if (local.length === 0 || local.length === origins.length) return;
  throw new Error(
    `${name} mixes proxies on this machine (${local.join(", ")}) with remote ones: a published ` +
      "plugin cannot reach the first kind. Build for the remote proxies, or for this machine alone.",
  );
}

/**
 * The proxy origins this build may talk to, the default first. ASSETPORT_PROXY_URLS is a comma-separated
 * list; ASSETPORT_PROXY_URL (one origin, what `npm start` sets) is the same with one entry. Each is
 * reduced to its origin; duplicates go; a malformed value, plain http to another computer, or a
 * list mixing this machine with remote proxies stops the build.
 */
export function proxyUrlsFromEnv(env) {
  const list = env.ASSETPORT_PROXY_URLS?.trim();
  const one = env.ASSETPORT_PROXY_URL?.trim();
  if (list && one) {
    throw new Error(
      "Set ASSETPORT_PROXY_URLS or ASSETPORT_PROXY_URL, not both (the list's first is the default).",
    );
  }
  const name = list ? "ASSETPORT_PROXY_URLS" : "ASSETPORT_PROXY_URL";
  const raw = (list || one || DEFAULT_PROXY_URL).split(",").map((s) => s.trim());
  if (raw.some((s) => s === "")) throw new Error(`${name} has an empty entry: ${list || one}`);
  const origins = [...new Set(raw.map((s) => originOf(name, s)))];
  refuseMixed(name, origins);
  return origins;
}

/**
 * The plugin id: ASSETPORT_PLUGIN_ID, else the id in the manifest already on disk (Figma's, once the
 * plugin is published: plugin data and relaunch buttons on every inserted layer hang on it), and only
 * then the development id. `existing` is manifest.json's text, or undefined when there is none.
 */
export function pluginIdFrom(env, existing) {
  const fromEnv = env.ASSETPORT_PLUGIN_ID?.trim();
  if (fromEnv) {
    if (/\s/.test(fromEnv)) throw new Error(`ASSETPORT_PLUGIN_ID has white space in it: ${fromEnv}`);
    return fromEnv;
  }
  if (existing === undefined) return DEV_PLUGIN_ID;
  let kept;
  try {
    kept = JSON.parse(existing)?.id;
  } catch {
    // Overwriting it could drop a published id: better to stop and say so.
    throw new Error("manifest.json is not valid JSON: fix it, or set ASSETPORT_PLUGIN_ID, before building.");
  }
  return typeof kept === "string" && kept.trim() !== "" ? kept.trim() : DEV_PLUGIN_ID;
}

/** The manifest for a build that talks to `proxyUrls` (origins, the default first) under `id`. */
export function manifestFor({ proxyUrls, id }) {
  const remote = proxyUrls.filter((origin) => !isLoopback(origin));
  const local = proxyUrls.filter(isLoopback);
  return {
    name: "Assetport",
    id,
    api: "1.0.0",
    main: "dist/code.js",
    ui: "dist/ui.html",
    editorType: ["figma", "figjam"],
    documentAccess: "dynamic-page",
    networkAccess: {
      // Figma lets a published plugin reach only these; a loopback proxy is for development only.
      allowedDomains: remote.length > 0 ? remote : ["none"],
      ...(local.length > 0 ? { devAllowedDomains: local } : {}),
      reasoning:
        "Assetport talks only to its own proxy, which searches the asset service, relays previews and " +
        "downloads, and runs conversions and AI work. The service's secret stays on that proxy.",
    },
    relaunchButtons: [
      // Replace works on every selected layer at once (src/plugin/insert.ts replaceSelection), so the
      // button stays when several inserted layers are selected.
      { command: "replace", name: "Replace asset", multipleSelection: true },
      // Find similar searches with one picture (the first exportable layer): with several layers
      // selected the answer would be for an arbitrary one of them, so Figma hides the button then.
      { command: "similar", name: "Find similar" },
      // A set swap works on every selected icon at once (src/plugin/swap-find.ts), so it stays when
      // several are selected; it is written on icons only.
      { command: "swap", name: "Swap icon set", multipleSelection: true },
      // On a batch's result: brings its kept original back (src/plugin/revert.ts), for every selected
      // result at once, without opening the window.
      { command: "revert", name: "Revert to original", multipleSelection: true },
    ],
    // Each command is also a quick action (Cmd/Ctrl+/): the window, a search for a term, assets that
    // look like the selection, or the assets already in the file with their credits. The commands
    // are the ones src/plugin/launch.ts reads.
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
      { name: "Swap icon set of selection", command: "swap" },
      { separator: true },
      // Work on every selected layer from the menu or quick actions: a small window with the plan
      // (cost first), then the progress; the whole window only when asked for.
      { name: "Remove background", command: "remove-background" },
      { name: "Vectorize", command: "vectorize" },
      { separator: true },
      { name: "Assets in this file", command: "assets" },
    ],
  };
}
