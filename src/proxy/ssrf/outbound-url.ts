// Checks a URL the proxy or the service is about to fetch on a caller's behalf: http(s) only, no
// credentials in it, and a host that is (and resolves to) public unicast. Hosts the operator
// configured (the service itself, its file hosts) are trusted as they are.

import { ApiError } from "../../api/errors";
import { ipLiteral, refusedAddressReason, refusedNameReason } from "./address-policy";

/** Looks a host name up; every address it answers with must be public. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export interface OutboundPolicy {
  resolve?: ResolveHost;
  /** URL.host values (host[:port]) that skip the address checks: the operator's own. */
  trustedHosts: ReadonlySet<string>;
}

export function refuseUrl(field: string, why: string): ApiError {
  return new ApiError(422, "invalid_request", `${field} is refused: ${why}.`);
}

export function parseHttpUrl(field: string, raw: unknown): URL {
  if (typeof raw !== "string" || raw.length > 4096) throw refuseUrl(field, "it must be an http(s) URL");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuseUrl(field, "it is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw refuseUrl(field, "only http and https are allowed");
  if (url.username || url.password) throw refuseUrl(field, "it carries credentials");
  return url;
}

/** Throws 422 invalid_request when `url` leads inside. */
export async function checkOutboundHost(field: string, url: URL, policy: OutboundPolicy): Promise<void> {
  if (policy.trustedHosts.has(url.host)) return;
  const literal = ipLiteral(url.hostname);
  if (literal !== undefined) {
    const why = refusedAddressReason(literal);
    if (why) throw refuseUrl(field, `${url.hostname} is ${why}`);
    return;
  }
  const nameWhy = refusedNameReason(url.hostname);
  if (nameWhy) throw refuseUrl(field, `${url.hostname} is ${nameWhy}`);
  if (!policy.resolve) return;
  let addresses: string[];
  try {
    addresses = await policy.resolve(url.hostname);
  } catch {
    throw refuseUrl(field, `${url.hostname} does not resolve`);
  }
  if (addresses.length === 0) throw refuseUrl(field, `${url.hostname} does not resolve`);
  for (const address of addresses) {
    const why = refusedAddressReason(address);
    if (why) throw refuseUrl(field, `${url.hostname} resolves to ${why}`);
  }
}

export const MAX_REDIRECTS = 5;

/** One hop of a redirect chain: the status and Location of a request that does not follow redirects. */
export type ProbeHop = (url: URL) => Promise<{ status: number; location: string | null }>;

/**
 * Follows the URL's redirects one hop at a time, checking every hop, so a public URL that redirects
 * to an inside address is refused before the service is asked to fetch it. A probe that fails
 * (unreachable host) ends the walk: the service will report that itself.
 */
export async function checkRedirectChain(
  field: string,
  start: URL,
  policy: OutboundPolicy,
  probe: ProbeHop | undefined,
): Promise<void> {
  let url = start;
  for (let hop = 0; ; hop++) {
    await checkOutboundHost(field, url, policy);
    if (!probe) return;
    let answer: { status: number; location: string | null };
    try {
      answer = await probe(url);
    } catch {
      return;
    }
    if (answer.status < 300 || answer.status > 399 || !answer.location) return;
    if (hop >= MAX_REDIRECTS) throw refuseUrl(field, `more than ${MAX_REDIRECTS} redirects`);
    url = parseHttpUrl(field, new URL(answer.location, url).href);
  }
}

/** The default probe: a HEAD that does not follow redirects, bounded in time. */
export function fetchProbe(fetchImpl: typeof fetch = fetch, timeoutMs = 5000): ProbeHop {
  return async (url) => {
    const response = await fetchImpl(url, {
      method: "HEAD",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return { status: response.status, location: response.headers.get("location") };
  };
}
