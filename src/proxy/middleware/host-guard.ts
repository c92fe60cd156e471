// Answers only to the names the proxy is served under. A web page can point a name it owns at
// 127.0.0.1 (DNS rebinding) and then talk to a local proxy as its own origin, past CORS; its
// requests still carry that name in Host, which is refused here, before anything else runs.
// Loopback names and addresses are always served; the rest come from configuration (config.ts).

import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../../api/contract/envelope";
import type { ProxyEnv } from "../context";

const LOOPBACK = /^(localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])$/;

/** URL.hostname of a Host header value ("Name:8787" -> "name"), or undefined when it is none. */
function hostnameOf(host: string): string | undefined {
  // Only what a host and port are made of: no user info, path or spaces for a parser to reread.
  if (!/^[A-Za-z0-9._:[\]-]{1,300}$/.test(host)) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** `allowed`: URL.hostname forms (IPv6 in brackets); undefined turns the guard off (Workers). */
export function hostGuard(allowed: readonly string[] | undefined): MiddlewareHandler<ProxyEnv> {
  const names = new Set(allowed?.map((name) => name.toLowerCase()));
  return async (c, next) => {
    if (allowed === undefined) return next();
    const header = c.req.header("host") ?? new URL(c.req.url).host;
    const hostname = hostnameOf(header);
    if (hostname === undefined || !(LOOPBACK.test(hostname) || names.has(hostname))) {
      return errorResponse(
        400,
        "invalid_request",
        "This proxy does not answer to that host name. Its operator can add it to PROXY_ALLOWED_HOSTS.",
      );
    }
    await next();
  };
}
