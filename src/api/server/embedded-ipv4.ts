// IPv6 addresses that carry an IPv4 address, and where: a connection to one of them reaches (or is
// translated to) that IPv4 host, so the address policy judges the IPv4 address instead of the
// IPv6 range. ipaddr.js names some of these ranges but classifies ::/96 (IPv4-compatible, e.g.
// ::7f00:1 for 127.0.0.1) as plain unicast, and knows nothing of the carried address.

import ipaddr from "ipaddr.js";

export interface EmbeddedIPv4 {
  /** How the address carries it, for the refusal's message. */
  form: string;
  /** Every IPv4 address it carries (Teredo carries its server's and its client's). */
  addresses: ipaddr.IPv4[];
  /** A transition form long out of use, or a local one: refused whatever it carries. */
  deprecated: boolean;
}

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

const zero = (parts: number[]) => parts.every((part) => part === 0);

export function embeddedIPv4(address: ipaddr.IPv6): EmbeddedIPv4 | undefined {
  const p = address.parts as [number, number, number, number, number, number, number, number];
  const last = () => [ipv4Of(p[6], p[7])];
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (SIIT translated, RFC 6145).
  if (zero(p.slice(0, 5)) && p[5] === 0xffff)
    return { form: "an IPv4-mapped form", addresses: last(), deprecated: false };
  if (zero(p.slice(0, 4)) && p[4] === 0xffff && p[5] === 0)
    return { form: "an IPv4-translated form", addresses: last(), deprecated: false };
  // ::a.b.c.d (IPv4-compatible, RFC 4291 deprecated it); :: and ::1 are not IPv4 addresses.
  if (zero(p.slice(0, 6)) && !(p[6] === 0 && p[7] <= 1))
    return { form: "an IPv4-compatible form", addresses: last(), deprecated: true };
  // 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052): the translator connects to the IPv4 one.
  if (p[0] === 0x64 && p[1] === 0xff9b && zero(p.slice(2, 6)))
    return { form: "a NAT64 form", addresses: last(), deprecated: false };
  // 64:ff9b:1::/48 (RFC 8215) leads to an operator's own translator, which puts the IPv4 address
  // wherever its prefix length says: refused whatever it carries (named as the common /96 reading).
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1)
    return { form: "a local NAT64 form", addresses: last(), deprecated: true };
  // 2002:AABB:CCDD::/48 (6to4, RFC 3056): the relay delivers to AA.BB.CC.DD.
  if (p[0] === 0x2002) return { form: "a 6to4 form", addresses: [ipv4Of(p[1], p[2])], deprecated: true };
  // 2001:0::/32 (Teredo, RFC 4380): the server's IPv4 in bits 32-63, the client's inverted in the last 32.
  if (p[0] === 0x2001 && p[1] === 0) {
    const client = ipv4Of(p[6] ^ 0xffff, p[7] ^ 0xffff);
    return { form: "a Teredo form", addresses: [client, ipv4Of(p[2], p[3])], deprecated: true };
  }
  return undefined;
}
