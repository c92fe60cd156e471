// The caller named by X-Forwarded-For, for a server behind a load balancer that writes it: the first
// entry (the client the balancer saw), trimmed and bounded. Only read where the operator said such a
// balancer is in front (the proxy's PROXY_TRUST_FORWARDED_FOR, the local API's trustForwardedFor):
// anyone can write the header.

/** The first address in the header's value, or undefined when it names none. */
export function forwardedCaller(header: string | undefined): string | undefined {
  const first = header?.split(",")[0]?.trim();
  return first ? first.slice(0, 64) : undefined;
}
