// Which addresses are "this machine", in one place for the whole build: the manifest (a loopback
// proxy goes under devAllowedDomains), Figma's manifest rules, and the local token `npm start` bakes.
// Browsers also treat these hosts as secure contexts, which is why a plain-http proxy works from
// Figma's https page only when it is on one of them (any other http origin is blocked as mixed content).

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const SCHEMES = new Set(["http:", "https:", "ws:", "wss:"]);

/** The URL `text` names, or undefined when it is none. */
function parse(text) {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** True for a URL whose host is this machine (localhost, 127.0.0.1, [::1]). */
export function isLoopback(text) {
  const url = parse(text);
  return url !== undefined && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * True for an origin on this machine written as Figma's devAllowedDomains takes it: a scheme, a
 * loopback host and an optional port, nothing after them but an optional "/".
 */
export function isLoopbackOrigin(text) {
  const url = parse(text);
  if (url === undefined || !SCHEMES.has(url.protocol) || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  // new URL() forgives what Figma may not ("http://localhost:8787/?" or user info): compare back.
  return text.replace(/\/$/, "").toLowerCase() === `${url.protocol}//${url.host}`.toLowerCase();
}

/**
 * True when a page served over https (Figma's) may reach `text`: https and wss anywhere, plain
 * http and ws only on this machine. A domain written without a scheme takes the page's, https.
 */
export function isReachableFromHttps(text) {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === "https" || scheme === "wss") return true;
  return isLoopback(text);
}
