// The settings of the proxy's HTTP edge: no open access in front of the real service, the host
// names it answers to, its server limits in seconds and connections, and the wrong-token throttle.

import { describe, expect, it } from "vitest";
import { DEFAULT_SERVER_LIMITS } from "../../src/api/server/server-limits";
import { parseConfig } from "../../src/proxy/config";

const REAL = { UPSTREAM_URL: "https://api.example.com", CLIENT_ID: "id", CLIENT_SECRET: "secret" };
const TOKENS = { PROXY_TOKENS: "design:aaaaaaaaaaaaaaaa1111" };

describe("open access", () => {
  it.each(["1", "loopback", "public"])(
    "PROXY_OPEN_ACCESS=%s is refused in front of the real service",
    (value) => {
      expect(() => parseConfig({ ...REAL, ...TOKENS, PROXY_OPEN_ACCESS: value })).toThrow(/real service/);
      expect(() => parseConfig({ ...REAL, PROXY_OPEN_ACCESS: value, HOST: "0.0.0.0" })).toThrow(
        /real service/,
      );
      expect(() =>
        parseConfig(
          { ...REAL, PROXY_OPEN_ACCESS: value, PROXY_SIGNING_KEY: "k".repeat(40) },
          { bindsHost: false },
        ),
      ).toThrow(/real service/);
    },
  );

  it("stays possible in front of the embedded local API, and off means off with the real one", () => {
    expect(parseConfig({ PROXY_OPEN_ACCESS: "loopback" }).openAccess).toBe("loopback");
    expect(parseConfig({ ...REAL, ...TOKENS, PROXY_OPEN_ACCESS: "off" }).openAccess).toBe("off");
  });
});

describe("allowed hosts", () => {
  it("on Node: the bound HOST, PROXY_PUBLIC_URL's name and PROXY_ALLOWED_HOSTS, as URL host names", () => {
    const config = parseConfig({
      ...TOKENS,
      HOST: "::1",
      PROXY_PUBLIC_URL: "https://Assets.Example.org",
      PROXY_ALLOWED_HOSTS: "proxy.lan:8787, Studio-Mac.local ,10.0.0.5",
    });
    expect(new Set(config.allowedHosts)).toEqual(
      new Set(["proxy.lan", "studio-mac.local", "10.0.0.5", "assets.example.org", "[::1]"]),
    );
  });

  it("a wildcard HOST adds nothing: other names must be listed", () => {
    expect(parseConfig({ ...TOKENS, HOST: "0.0.0.0" }).allowedHosts).toEqual([]);
  });

  it("on Workers only what was listed, and no guard when nothing was", () => {
    const worker = { ...REAL, ...TOKENS, PROXY_SIGNING_KEY: "k".repeat(40) };
    expect(parseConfig(worker, { bindsHost: false }).allowedHosts).toBeUndefined();
    expect(
      parseConfig({ ...worker, PROXY_ALLOWED_HOSTS: "assets.example.org" }, { bindsHost: false })
        .allowedHosts,
    ).toEqual(["assets.example.org"]);
  });

  it("refuses an entry that is not a host", () => {
    for (const entry of ["a/b", "user@host", "a b"])
      expect(() => parseConfig({ ...TOKENS, PROXY_ALLOWED_HOSTS: entry }), entry).toThrow(
        /PROXY_ALLOWED_HOSTS/,
      );
  });
});

describe("server limits and the token throttle", () => {
  it("take defaults in seconds and connections, and read every variable", () => {
    const defaults = parseConfig(TOKENS);
    expect(defaults.server).toEqual(DEFAULT_SERVER_LIMITS);
    expect(defaults.tokenFailuresPerMinute).toBe(30);
    const set = parseConfig({
      ...TOKENS,
      PROXY_HEADERS_TIMEOUT_S: "5",
      PROXY_REQUEST_TIMEOUT_S: "30",
      PROXY_KEEP_ALIVE_TIMEOUT_S: "2",
      PROXY_MAX_CONNECTIONS: "300",
      PROXY_MAX_CONNECTIONS_PER_ADDRESS: "20",
      PROXY_TOKEN_FAILURES_PER_MINUTE: "0",
      PROXY_SHUTDOWN_GRACE_S: "25",
    });
    expect(set.server).toEqual({
      headersTimeoutS: 5,
      requestTimeoutS: 30,
      keepAliveTimeoutS: 2,
      maxConnections: 300,
      maxConnectionsPerAddress: 20,
      shutdownGraceS: 25,
    });
    expect(set.tokenFailuresPerMinute).toBe(0);
  });

  it("refuses a timeout of 0 or in milliseconds' magnitude, and a cap of 0", () => {
    for (const [name, value] of [
      ["PROXY_HEADERS_TIMEOUT_S", "0"],
      ["PROXY_HEADERS_TIMEOUT_S", "10000"],
      ["PROXY_REQUEST_TIMEOUT_S", "1.5"],
      ["PROXY_MAX_CONNECTIONS", "0"],
      ["PROXY_MAX_CONNECTIONS_PER_ADDRESS", "-1"],
      ["PROXY_SHUTDOWN_GRACE_S", "601"],
    ] as const)
      expect(() => parseConfig({ ...TOKENS, [name]: value }), `${name}=${value}`).toThrow(name);
    expect(() =>
      parseConfig({ ...TOKENS, PROXY_HEADERS_TIMEOUT_S: "30", PROXY_REQUEST_TIMEOUT_S: "20" }),
    ).toThrow(/at least PROXY_HEADERS_TIMEOUT_S/);
  });
});
