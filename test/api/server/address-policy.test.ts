import { describe, expect, it } from "vitest";
import { ipLiteral, refusedAddressReason, refusedNameReason } from "../../../src/api/server/address-policy";

describe("address policy", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "::1",
    "fe80::1",
    "fd00::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "224.0.0.1",
  ])("refuses %s", (address) => {
    expect(refusedAddressReason(address)).toBeTypeOf("string");
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])("allows public %s", (address) => {
    expect(refusedAddressReason(address)).toBeUndefined();
  });

  it("reads IP literals in URL hostname form and nothing else", () => {
    expect(ipLiteral("[::1]")).toBe("::1");
    expect(ipLiteral("127.0.0.1")).toBe("127.0.0.1");
    expect(ipLiteral("example.com")).toBeUndefined();
  });

  it("refuses names that mean this machine or the metadata service before any lookup", () => {
    for (const name of [
      "localhost",
      "api.localhost",
      "metadata.google.internal",
      "printer.local",
      "intranet",
    ]) {
      expect(refusedNameReason(name)).toBeTypeOf("string");
    }
    expect(refusedNameReason("images.example.com")).toBeUndefined();
  });
});
