// Start-up settings: defaults, every variable read, and a clear stop for each bad value (without
// ever echoing a token).

import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/proxy/config";
import { findToken } from "../../src/proxy/tokens";

const TOKENS = "design:aaaaaaaaaaaaaaaa1111,marketing:bbbbbbbbbbbbbbbb2222";
const fs = {
  readTokensFile: (path: string) => (path === "/tokens" ? "ops:cccccccccccccccc3333\n# comment\n\n" : ""),
};

describe("parseConfig", () => {
  it("takes defaults that keep a fresh proxy on this machine only", () => {
    const config = parseConfig({ PROXY_OPEN_ACCESS: "1" });
    expect(config).toMatchObject({
      port: 8787,
      host: "127.0.0.1",
      openAccess: "loopback",
      rateLimitPerMinute: 120,
      upstreamTimeoutMs: 60_000,
      cacheTtlMs: 30_000,
      fileHosts: [],
      tokens: [],
    });
    expect(config.upstreamUrl).toBeUndefined();
  });

  it("reads every variable", () => {
    const config = parseConfig(
      {
        PORT: "9000",
        HOST: "0.0.0.0",
        UPSTREAM_URL: "https://api.example.com/",
        CLIENT_ID: "id",
        CLIENT_SECRET: "secret",
        UPSTREAM_FILE_HOSTS: "cdn.example.com, files.example.com:8443 ,https://img.example.net",
        PROXY_TOKENS: TOKENS,
        PROXY_TOKENS_FILE: "/tokens",
        PROXY_RATE_LIMIT: "60",
        PROXY_UPSTREAM_TIMEOUT_MS: "5000",
        PROXY_PUBLIC_URL: "https://assets.example.org",
        PROXY_CACHE_TTL_MS: "0",
        PROXY_SIGNING_KEY: "k".repeat(40),
      },
      fs,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: "0.0.0.0",
      upstreamUrl: "https://api.example.com",
      clientId: "id",
      clientSecret: "secret",
      fileHosts: ["cdn.example.com", "files.example.com:8443", "img.example.net"],
      openAccess: "off",
      rateLimitPerMinute: 60,
      upstreamTimeoutMs: 5000,
      publicUrl: "https://assets.example.org",
      cacheTtlMs: 0,
      signingKey: "k".repeat(40),
    });
    expect(config.tokens.map((t) => t.label)).toEqual(["design", "marketing", "ops"]);
  });

  it("stops on each bad value with a message naming the variable", () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PROXY_TOKENS: TOKENS, PORT: "http" }, /PORT/],
      [{ PROXY_TOKENS: TOKENS, PORT: "70000" }, /PORT/],
      [{ PROXY_TOKENS: TOKENS, UPSTREAM_URL: "ftp://x" }, /UPSTREAM_URL/],
      [{ PROXY_TOKENS: TOKENS, UPSTREAM_URL: "https://x.example" }, /CLIENT_ID/],
      [{ PROXY_TOKENS: TOKENS, CLIENT_SECRET: "s" }, /UPSTREAM_URL/],
      [{ PROXY_TOKENS: TOKENS, UPSTREAM_FILE_HOSTS: "cdn.example.com/path" }, /UPSTREAM_FILE_HOSTS/],
      [{ PROXY_TOKENS: "no-colon-here-at-all" }, /PROXY_TOKENS/],
      [{ PROXY_TOKENS: "team:short" }, /16 to 200/],
      [{ PROXY_TOKENS: `team:${"x".repeat(201)}` }, /16 to 200/],
      [{ PROXY_TOKENS: "a:aaaaaaaaaaaaaaaa,a:bbbbbbbbbbbbbbbb" }, /used twice/],
      [{ PROXY_TOKENS: TOKENS, PROXY_RATE_LIMIT: "-1" }, /PROXY_RATE_LIMIT/],
      [{ PROXY_TOKENS: TOKENS, PROXY_UPSTREAM_TIMEOUT_MS: "5s" }, /PROXY_UPSTREAM_TIMEOUT_MS/],
      [{ PROXY_TOKENS: TOKENS, PROXY_PUBLIC_URL: "https://x.example/sub" }, /PROXY_PUBLIC_URL/],
      [{ PROXY_TOKENS: TOKENS, PROXY_CACHE_TTL_MS: "soon" }, /PROXY_CACHE_TTL_MS/],
      [{ PROXY_OPEN_ACCESS: "maybe" }, /PROXY_OPEN_ACCESS/],
      [{}, /PROXY_TOKENS/],
      [{ PROXY_OPEN_ACCESS: "true", HOST: "0.0.0.0" }, /loopback/],
      [{ PROXY_TOKENS_FILE: "/missing" }, /PROXY_TOKENS_FILE/],
      [{ PROXY_TOKENS: TOKENS, PROXY_SIGNING_KEY: "too-short" }, /PROXY_SIGNING_KEY/],
      [
        { PROXY_TOKENS: TOKENS, PROXY_SIGNING_KEY: `${"k".repeat(20)} ${"k".repeat(20)}` },
        /PROXY_SIGNING_KEY/,
      ],
    ];
    for (const [env, message] of cases) {
      expect(
        () => parseConfig(env, { readTokensFile: (path) => (path === "/tokens" ? "" : fail(path)) }),
        JSON.stringify(env),
      ).toThrow(message);
    }
  });

  it("never echoes a token or a signing key in an error", () => {
    for (const env of [
      { PROXY_TOKENS: "bad label:this-is-the-secret-token" },
      { PROXY_TOKENS: TOKENS, PROXY_SIGNING_KEY: "this-is-the-secret-token" },
    ]) {
      try {
        parseConfig(env);
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as Error).message).not.toContain("this-is-the-secret-token");
      }
    }
  });

  it("allows open access off loopback only when asked for by name, and never on Workers by default", () => {
    expect(parseConfig({ PROXY_OPEN_ACCESS: "public", HOST: "0.0.0.0" }).openAccess).toBe("public");
    expect(() => parseConfig({ PROXY_OPEN_ACCESS: "1" }, { bindsHost: false })).toThrow(/Workers/);
  });

  it("reads a tokens file from disk", () => {
    const dir = mkdtempSync(join(tmpdir(), "proxy-tokens-"));
    writeFileSync(
      join(dir, "tokens"),
      "# label:token\nteam-a:0123456789abcdef0123\r\nteam-b:fedcba9876543210fedc\n",
    );
    const config = parseConfig(
      { PROXY_TOKENS_FILE: join(dir, "tokens") },
      { readTokensFile: (p) => readFileSync(p, "utf8") },
    );
    expect(config.tokens.map((t) => t.label)).toEqual(["team-a", "team-b"]);
  });
});

describe("findToken", () => {
  it("finds the matching token's label and nothing for a near miss", () => {
    const tokens = parseConfig({ PROXY_TOKENS: TOKENS }).tokens;
    expect(findToken(tokens, "bbbbbbbbbbbbbbbb2222")?.label).toBe("marketing");
    expect(findToken(tokens, "bbbbbbbbbbbbbbbb222")).toBeUndefined();
    expect(findToken(tokens, "")).toBeUndefined();
    // Past the compared width, a longer string with the same prefix is still not the token.
    expect(findToken(tokens, `bbbbbbbbbbbbbbbb2222${"x".repeat(300)}`)).toBeUndefined();
  });
});

function fail(path: string): never {
  throw new Error(`ENOENT: ${path}`);
}
