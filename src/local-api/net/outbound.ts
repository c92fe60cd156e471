// Caller-supplied URLs (AI image_url, reverse search url): http(s) only, no credentials, and a host
// that is not, and does not resolve to, an inside address (private, loopback, link-local, metadata,
// ...: the classification in src/api/server). Refusals are ApiErrors whose status the route picks
// (the spec answers 422 on AI, 400 on reverse search).

import { lookup } from "node:dns/promises";
import { ApiError } from "../../api/contract/errors";
import { ipLiteral, refusedAddressReason, refusedNameReason } from "../../api/server/address-policy";

/** Every address a host name has. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

export const resolveWithSystemDns: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

export interface OutboundPolicy {
  resolve: ResolveHost;
  /** URL.host values (host[:port]) exempt from the checks; empty in production, set by tests. */
  trustedHosts: ReadonlySet<string>;
}

export const DEFAULT_OUTBOUND_POLICY: OutboundPolicy = {
  resolve: resolveWithSystemDns,
  trustedHosts: new Set(),
};

export function refused(status: number, field: string, why: string): ApiError {
  return new ApiError(status, "invalid_request", `${field} is refused: ${why}.`);
}

export function parseOutboundUrl(status: number, field: string, raw: unknown): URL {
  if (typeof raw !== "string" || raw.length > 4096) throw refused(status, field, "it must be an http(s) URL");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused(status, field, "it is not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw refused(status, field, "only http and https are allowed");
  if (url.username || url.password) throw refused(status, field, "it carries credentials");
  return url;
}

/** The checks that need no lookup: IP literals and names that always mean an inside host. */
export function checkHostSpelling(status: number, field: string, url: URL, policy: OutboundPolicy): void {
  if (policy.trustedHosts.has(url.host)) return;
  const literal = ipLiteral(url.hostname);
  if (literal !== undefined) {
    const why = refusedAddressReason(literal);
    if (why) throw refused(status, field, `${url.hostname} is ${why}`);
    return;
  }
  const why = refusedNameReason(url.hostname);
  if (why) throw refused(status, field, `${url.hostname} is ${why}`);
}

/** Resolves a name and refuses it when any of its addresses is inside. Returns the addresses. */
export async function checkedAddresses(
  status: number,
  field: string,
  hostname: string,
  policy: OutboundPolicy,
): Promise<string[]> {
  const literal = ipLiteral(hostname);
  const addresses = literal
    ? [literal]
    : await policy.resolve(hostname).catch(() => {
        throw refused(status, field, `${hostname} does not resolve`);
      });
  if (addresses.length === 0) throw refused(status, field, `${hostname} does not resolve`);
  for (const address of addresses) {
    const why = refusedAddressReason(address);
    if (why) throw refused(status, field, `${hostname} resolves to ${why}`);
  }
  return addresses;
}

/** Full check of a URL before it is handed on (AI image_url): spelling, then what the name resolves to. */
export async function checkOutboundUrl(
  status: number,
  field: string,
  raw: unknown,
  policy: OutboundPolicy,
): Promise<URL> {
  const url = parseOutboundUrl(status, field, raw);
  checkHostSpelling(status, field, url, policy);
  if (!policy.trustedHosts.has(url.host) && ipLiteral(url.hostname) === undefined) {
    await checkedAddresses(status, field, url.hostname, policy);
  }
  return url;
}
