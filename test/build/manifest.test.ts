import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { manifestFor, proxyUrlFromEnv } from "../../scripts/manifest.mjs";

describe("manifest", () => {
  it("allows only the proxy origin once published", () => {
    const manifest = manifestFor("https://assets.example.org");
    expect(manifest.networkAccess.allowedDomains).toEqual(["https://assets.example.org"]);
    expect(manifest.documentAccess).toBe("dynamic-page");
    expect(manifest.relaunchButtons.map((b: { command: string }) => b.command)).toEqual([
      "replace",
      "similar",
    ]);
  });

  it("offers the window, a search and Find similar as menu commands and quick actions", () => {
    const { menu } = manifestFor("https://assets.example.org");
    expect(menu.map((item: { command: string }) => item.command)).toEqual(["open", "search", "similar"]);
    const [, search, similar] = menu;
    expect(search.parameters.map((p: { key: string }) => p.key)).toEqual(["query"]);
    expect(search.parameterOnly).toBe(false);
    expect(similar).toEqual({ name: "Find similar to selection", command: "similar" });
  });

  it("keeps a loopback proxy under devAllowedDomains only", () => {
    const manifest = manifestFor("http://localhost:8787");
    expect(manifest.networkAccess.allowedDomains).toEqual(["none"]);
    expect(manifest.networkAccess.devAllowedDomains).toEqual(["http://localhost:8787"]);
  });

  it("reduces the configured proxy URL to its origin and refuses what is not http(s)", () => {
    expect(proxyUrlFromEnv({ ASSETPORT_PROXY_URL: "https://p.example.org/some/path" })).toBe(
      "https://p.example.org",
    );
    expect(proxyUrlFromEnv({})).toBe("http://localhost:8787");
    expect(() => proxyUrlFromEnv({ ASSETPORT_PROXY_URL: "ftp://x" })).toThrow(/http/);
    expect(() => proxyUrlFromEnv({ ASSETPORT_PROXY_URL: "not a url" })).toThrow(/not a URL/);
  });
});
