// Which addresses a caller-supplied URL may lead to: public unicast only. Private, loopback,
// link-local (cloud metadata lives at 169.254.169.254), CGNAT (100.64/10, where some clouds put
// metadata), unique-local IPv6, multicast and reserved ranges are refused. An IPv6 address that
// carries an IPv4 one (embedded-ipv4.ts: mapped, compatible, translated, NAT64, 6to4, Teredo) is
// judged as the IPv4 address it carries, so no spelling of an inside address gets through.
// Pure (no I/O): the proxy and the local API both classify with it.

import ipaddr from "ipaddr.js";
import { embeddedIPv4 } from "./embedded-ipv4";

/** The address, if `host` is an IP literal (URL.hostname form: IPv6 in brackets). */
export function ipLiteral(host: string): string | undefined {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return ipaddr.isValid(bare) ? bare : undefined;
}

function refusedIPv4Reason(address: ipaddr.IPv4): string | undefined {
  const range = address.range();
  return range === "unicast" ? undefined : `a ${range} address`;
}

/** Why an address may not be reached, or undefined when it is public unicast. */
export function refusedAddressReason(address: string): string | undefined {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return "not an IP address";
  }
  if (parsed.kind() === "ipv4") return refusedIPv4Reason(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return "a scoped IPv6 address";
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    for (const inner of embedded.addresses) {
      const why = refusedIPv4Reason(inner);
      if (why) return `${embedded.form} of ${inner.toString()}, ${why}`;
    }
    // Tunnel forms nobody serves images from: refused even when what they carry is public.
    if (embedded.deprecated) return `${embedded.form} of ${embedded.addresses.join(" and ")}`;
    return undefined;
  }
  const range = v6.range();
  return range === "unicast" ? undefined : `a ${range} address`;
}

// Names that mean "this machine" or "the cloud's metadata service" whatever DNS says, checked
// before any lookup (Workers cannot look names up at all).
const INSIDE_NAMES = [
  /^localhost$/i,
  /\.localhost$/i,
  /^metadata(\.google\.internal)?$/i,
  /\.internal$/i,
  /\.local$/i,
];

export function refusedNameReason(hostname: string): string | undefined {
  const name = hostname.replace(/\.$/, "");
  if (INSIDE_NAMES.some((pattern) => pattern.test(name))) return "a name for an inside address";
  if (!name.includes(".")) return "a single-label name";
  return undefined;
}
