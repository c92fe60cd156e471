// The manifest as a pure function of the environment and the manifest.json already on disk.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { DEV_PLUGIN_ID, manifestFor, pluginIdFrom, proxyUrlsFromEnv } from "../../scripts/manifest.mjs";

const build = (proxyUrls: string[]) => manifestFor({ proxyUrls, id: DEV_PLUGIN_ID });
const onDisk = (id: unknown) => `${JSON.stringify({ name: "Assetport", id }, null, 2)}\n`;

describe("manifest", () => {
  it("allows only the proxy origin once published", () => {
    const manifest = build(["https://assets.example.org"]);
    expect(manifest.networkAccess.allowedDomains).toEqual(["https://assets.example.org"]);
    expect(manifest.networkAccess.devAllowedDomains).toBeUndefined();
    expect(manifest.documentAccess).toBe("dynamic-page");
    expect(manifest.relaunchButtons.map((b: { command: string }) => b.command)).toEqual([
      "replace",
      "similar",
      "swap",
      "revert",
    ]);
  });

  it("offers the window, a search, Find similar, the set swap, the selection's work and the file's assets as menu commands", () => {
    const { menu } = build(["https://assets.example.org"]);
    expect(menu.map((item: { command?: string }) => item.command ?? "-")).toEqual([
      "open",
      "search",
      "similar",
      "swap",
      "-",
      "remove-background",
      "vectorize",
      "-",
      "assets",
    ]);
    const [, search, similar, swap, , removeBackground, vectorize, , assets] = menu;
    expect(swap).toEqual({ name: "Swap icon set of selection", command: "swap" });
    expect(removeBackground).toEqual({ name: "Remove background", command: "remove-background" });
    expect(vectorize).toEqual({ name: "Vectorize", command: "vectorize" });
    expect(assets).toEqual({ name: "Assets in this file", command: "assets" });
    expect(search.parameters.map((p: { key: string }) => p.key)).toEqual(["query"]);
    expect(search.parameterOnly).toBe(false);
    expect(similar).toEqual({ name: "Find similar to selection", command: "similar" });
  });

  it("keeps a loopback proxy under devAllowedDomains only", () => {
    const manifest = build(["http://localhost:8787"]);
    expect(manifest.networkAccess.allowedDomains).toEqual(["none"]);
    expect(manifest.networkAccess.devAllowedDomains).toEqual(["http://localhost:8787"]);
  });

  it("lets the build reach every proxy of the organisation, and no other", () => {
    const manifest = build(["https://eu.assets.example.org", "https://us.assets.example.org"]);
    expect(manifest.networkAccess.allowedDomains).toEqual([
      "https://eu.assets.example.org",
      "https://us.assets.example.org",
    ]);
    expect(manifest.networkAccess.devAllowedDomains).toBeUndefined();
    const local = build(["http://127.0.0.1:8787", "http://localhost:9000"]);
    expect(local.networkAccess.allowedDomains).toEqual(["none"]);
    expect(local.networkAccess.devAllowedDomains).toEqual(["http://127.0.0.1:8787", "http://localhost:9000"]);
  });
});

describe("proxyUrlsFromEnv", () => {
  it("reads a comma-separated list, default first, as origins without repeats", () => {
    expect(
      proxyUrlsFromEnv({
        ASSETPORT_PROXY_URLS: " https://eu.example.org/v3 , https://us.example.org,https://eu.example.org/",
      }),
    ).toEqual(["https://eu.example.org", "https://us.example.org"]);
  });

  it("takes ASSETPORT_PROXY_URL as a list of one, and the local proxy when neither is set", () => {
    expect(proxyUrlsFromEnv({ ASSETPORT_PROXY_URL: "https://p.example.org/some/path" })).toEqual([
      "https://p.example.org",
    ]);
    expect(proxyUrlsFromEnv({})).toEqual(["http://localhost:8787"]);
    expect(proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: "  " })).toEqual(["http://localhost:8787"]);
  });

  it("stops the build on anything that is not an http(s) URL, an empty entry, or both variables", () => {
    expect(() => proxyUrlsFromEnv({ ASSETPORT_PROXY_URL: "ftp://x" })).toThrow(/ASSETPORT_PROXY_URL.*http/);
    expect(() => proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: "https://a.org,not a url" })).toThrow(
      /ASSETPORT_PROXY_URLS.*not a URL/,
    );
    expect(() => proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: "https://a.org,,https://b.org" })).toThrow(/empty/);
    expect(() =>
      proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: "https://a.org", ASSETPORT_PROXY_URL: "https://b.org" }),
    ).toThrow(/not both/);
  });

  it("takes plain http only for a proxy on this machine, which Figma's https page may reach", () => {
    expect(proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: "http://localhost:8787,http://[::1]:9000" })).toEqual([
      "http://localhost:8787",
      "http://[::1]:9000",
    ]);
    // Mixed content: the browser blocks these from https://www.figma.com whatever the manifest says.
    for (const remote of [
      "http://assets.corp.example:8080",
      "http://192.168.1.5:8787",
      "http://localhost.example.org",
    ]) {
      expect(() => proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: `https://a.org,${remote}` })).toThrow(
        /ASSETPORT_PROXY_URLS names .*blocks plain http/,
      );
      expect(() => proxyUrlsFromEnv({ ASSETPORT_PROXY_URL: remote })).toThrow(/ASSETPORT_PROXY_URL names/);
    }
  });

  it("refuses a list mixing this machine with remote proxies, whichever comes first", () => {
    // A published plugin reaches devAllowedDomains never: its designers would be offered a dead server.
    for (const list of [
      "http://localhost:8787,https://assets.example.org",
      "https://a.org,http://127.0.0.1:9000",
    ]) {
      expect(() => proxyUrlsFromEnv({ ASSETPORT_PROXY_URLS: list })).toThrow(/mixes proxies on this machine/);
    }
  });
});

describe("pluginIdFrom", () => {
  it("takes ASSETPORT_PLUGIN_ID over the id on disk", () => {
    expect(pluginIdFrom({ ASSETPORT_PLUGIN_ID: " 1234567890123456789 " }, onDisk("assetport-dev"))).toBe(
      "1234567890123456789",
    );
  });

  it("keeps the id already in manifest.json when the variable is unset or blank", () => {
    expect(pluginIdFrom({}, onDisk("1234567890123456789"))).toBe("1234567890123456789");
    expect(pluginIdFrom({ ASSETPORT_PLUGIN_ID: "  " }, onDisk("1234567890123456789"))).toBe(
      "1234567890123456789",
    );
  });

  it("falls back to the development id only when there is none", () => {
    expect(pluginIdFrom({}, undefined)).toBe(DEV_PLUGIN_ID);
    expect(pluginIdFrom({}, onDisk(""))).toBe(DEV_PLUGIN_ID);
    expect(pluginIdFrom({}, onDisk(42))).toBe(DEV_PLUGIN_ID);
    expect(pluginIdFrom({}, "[]")).toBe(DEV_PLUGIN_ID);
  });

  it("refuses to overwrite a manifest.json it cannot read, which may hold a published id", () => {
    expect(() => pluginIdFrom({}, '{"id": "1234567890123456789",')).toThrow(/ASSETPORT_PLUGIN_ID/);
    expect(() => pluginIdFrom({ ASSETPORT_PLUGIN_ID: "12 34" }, undefined)).toThrow(/white space/);
  });

  it("puts the id it is given into the manifest", () => {
    expect(manifestFor({ proxyUrls: ["http://localhost:8787"], id: "1234567890123456789" }).id).toBe(
      "1234567890123456789",
    );
  });
});
