// Checks a URL the proxy or the service is about to fetch on a caller's behalf: http(s) only, no
// credentials in it, and a host that is (and resolves to) public unicast. Hosts the operator
// configured (the service itself, its file hosts) are trusted as they are.
//
// The proxy sends nothing to a caller's URL itself. It used to walk the URL's redirects with HEAD
// requests, but a walk proves nothing about the fetch that follows (a hostile host answers the
// service's GET with a different redirect than the proxy's HEAD, or its name with a different
// address), while every HEAD was a request from the operator's network on a caller's behalf: a way
// in by DNS rebinding, a port-probe oracle and a 6x amplifier. Redirects are judged where the file
// is fetched: the real service on its own network, the local API by its pinned fetcher that checks
// every hop's address at connect time; the relay, which does fetch, pins its own (relay.ts).

import { ApiError } from "../../api/contract/errors";
import { ipLiteral, refusedAddressReason, refusedNameReason } from "../../api/server/address-policy";

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
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw refuseUrl(field, `${url.hostname} does not resolve`);
  }
  if (addresses.length === 0) throw refuseUrl(field, `${url.hostname} does not resolve`);
  for (const address of addresses) {
    const why = refusedAddressReason(address);
    if (why) throw refuseUrl(field, `${url.hostname} resolves to ${why}`);
  }
}

export const MAX_REDIRECTS = 5;
