// What `npm start` builds for: the proxy it is about to serve on this machine. The ui must name that
// proxy as its default, or the plugin opens on a server other than the one just started, and the local
// token (baked for the default only) goes nowhere useful. A build for other proxies is `npm run build`.
import { isLoopback } from "./loopback.mjs";
import { proxyUrlsFromEnv } from "./manifest.mjs";

/** The port a URL names, its scheme's default when it names none. */
function portOf(url) {
  if (url.port !== "") return url.port;
  return url.protocol === "https:" ? "443" : "80";
}

/**
 * The build environment for `npm start` serving its proxy on `port`: ASSETPORT_PROXY_URL set to
 * http://localhost:<port> when neither proxy variable is given; a given list is kept only when its
 * default is that proxy, and refused otherwise.
 */
export function startBuildEnv(env, port) {
  const served = `http://localhost:${port}`;
  if (!env.ASSETPORT_PROXY_URL?.trim() && !env.ASSETPORT_PROXY_URLS?.trim())
    return { ...env, ASSETPORT_PROXY_URL: served };
  const [first] = proxyUrlsFromEnv(env);
  const url = new URL(first);
  if (url.protocol === "http:" && isLoopback(first) && portOf(url) === String(port)) return { ...env };
  const name = env.ASSETPORT_PROXY_URLS?.trim() ? "ASSETPORT_PROXY_URLS" : "ASSETPORT_PROXY_URL";
  throw new Error(
    `npm start serves its proxy at ${served}, but ${name} makes ${first} the default, so the plugin ` +
      `would not use the proxy it starts. Unset ${name}, put ${served} first, or build for other ` +
      "proxies with `npm run build`.",
  );
}
