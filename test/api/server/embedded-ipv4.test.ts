// IPv6 spellings of IPv4 addresses are judged as the IPv4 address they carry: an inside one is
// refused in every form, and the message names it.

import { describe, expect, it } from "vitest";
import { refusedAddressReason } from "../../../src/api/server/address-policy";

describe("IPv6 forms that carry an IPv4 address", () => {
  it.each([
    ["::7f00:1", "IPv4-compatible", "127.0.0.1"],
    ["::a9fe:a9fe", "IPv4-compatible", "169.254.169.254"],
    ["::a00:1", "IPv4-compatible", "10.0.0.1"],
    ["::ffff:7f00:1", "IPv4-mapped", "127.0.0.1"],
    ["::ffff:c0a8:101", "IPv4-mapped", "192.168.1.1"],
    ["::ffff:0:7f00:1", "IPv4-translated", "127.0.0.1"],
    ["64:ff9b::7f00:1", "NAT64", "127.0.0.1"],
    ["64:ff9b::a9fe:a9fe", "NAT64", "169.254.169.254"],
    ["64:ff9b:1::a00:1", "local NAT64", "10.0.0.1"],
    ["2002:7f00:1::", "6to4", "127.0.0.1"],
    ["2002:a9fe:a9fe::1", "6to4", "169.254.169.254"],
    // Teredo: the client's IPv4 is stored inverted in the last 32 bits (127.0.0.1 -> 80ff:fffe).
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo", "127.0.0.1"],
    ["2001:0:a00:1::f7f7:f7f7", "Teredo", "10.0.0.1"],
  ])("refuses %s as a %s form of %s", (address, form, inner) => {
    const why = refusedAddressReason(address);
    expect(why).toContain(form);
    expect(why).toContain(inner);
  });

  it("allows mapped and NAT64 forms of a public address, as the address itself is allowed", () => {
    for (const address of ["::ffff:808:808", "::ffff:0:808:808", "64:ff9b::808:808"])
      expect(refusedAddressReason(address), address).toBeUndefined();
  });

  it("refuses the deprecated tunnel forms even when they carry a public address", () => {
    for (const address of ["::808:808", "2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7"])
      expect(refusedAddressReason(address), address).toBeTypeOf("string");
  });

  it("keeps :: and ::1 what they are, not IPv4 forms", () => {
    expect(refusedAddressReason("::")).toMatch(/unspecified/);
    expect(refusedAddressReason("::1")).toMatch(/loopback/);
    expect(refusedAddressReason("2606:4700:4700::1111")).toBeUndefined();
  });
});
