// The token the ui sends: the designer's own, else the one `npm start` baked into the build, and
// the baked one only to the proxy it was baked for.

import { describe, expect, it } from "vitest";
import { chosenProxyUrl, createSettingsStore } from "../../src/ui/settings/settings-store";

const port = { request: async () => ({ value: undefined }) } as unknown as Parameters<
  typeof createSettingsStore
>[0];
// Only `npm start` bakes a token, and only into a build for proxies on this machine.
const OTHER = "http://localhost:9100";
const baked = {
  proxyUrls: ["http://localhost:8787", OTHER],
  accessToken: "local-token-0123456789abcdef",
};

describe("the access token sent", () => {
  it("is the baked local token when the designer set none", async () => {
    const store = createSettingsStore(port, baked);
    await store.load({ proxyUrl: "", accessToken: "" });
    expect(store.accessToken.value).toBe(baked.accessToken);
    await store.load({ proxyUrl: "http://localhost:8787/", accessToken: "  " });
    expect(store.accessToken.value).toBe(baked.accessToken);
  });

  it("is the designer's own when set", async () => {
    const store = createSettingsStore(port, baked);
    await store.load({ proxyUrl: "", accessToken: " team-token-abcdef0123456789 " });
    expect(store.accessToken.value).toBe("team-token-abcdef0123456789");
  });

  it("never carries the local token to another of the build's proxies", async () => {
    const store = createSettingsStore(port, baked);
    await store.load({ proxyUrl: OTHER, accessToken: "" });
    expect(store.accessToken.value).toBe("");
  });

  it("is empty in a build that baked none", async () => {
    const store = createSettingsStore(port, { proxyUrls: baked.proxyUrls, accessToken: "" });
    await store.load({ proxyUrl: "", accessToken: "" });
    expect(store.accessToken.value).toBe("");
  });
});

describe("the proxy requests go to", () => {
  it("is the stored one when the build names it, else the build's default", () => {
    expect(chosenProxyUrl("", baked.proxyUrls)).toBe("http://localhost:8787");
    expect(chosenProxyUrl(`${OTHER}/`, baked.proxyUrls)).toBe(OTHER);
    // Typed into the free field of an older version: Figma would block it, so the default is used.
    expect(chosenProxyUrl("https://elsewhere.example.org", baked.proxyUrls)).toBe("http://localhost:8787");
    expect(chosenProxyUrl("not a url", baked.proxyUrls)).toBe("http://localhost:8787");
  });

  it("carries the local token only to the default, and no other token to a stored stranger", async () => {
    const store = createSettingsStore(port, baked);
    await store.load({ proxyUrl: "http://10.0.0.5:9000", accessToken: "" });
    expect(store.proxyUrl.value).toBe("http://localhost:8787");
    expect(store.accessToken.value).toBe(baked.accessToken);
  });

  it("does not send the designer's token, typed for a server this build lacks, to the default", async () => {
    const own = createSettingsStore(port, { proxyUrls: ["https://assets.example.org"], accessToken: "" });
    await own.load({ proxyUrl: "https://old.example.org", accessToken: "old-server-token-0123456789" });
    expect(own.proxyUrl.value).toBe("https://assets.example.org");
    expect(own.stranded.value).toBe("https://old.example.org");
    expect(own.accessToken.value).toBe("");
    // With a local token baked in, the default gets that one, never the stranger's.
    const local = createSettingsStore(port, baked);
    await local.load({ proxyUrl: "http://10.0.0.5:9000", accessToken: "old-server-token-0123456789" });
    expect(local.accessToken.value).toBe(baked.accessToken);
  });

  it("takes the next token saved as the one for the server in use, and says no more", async () => {
    const saved: unknown[] = [];
    const recording = {
      request: async (_type: string, payload: { value?: unknown }) => {
        saved.push(payload.value);
        return { value: undefined };
      },
    } as unknown as Parameters<typeof createSettingsStore>[0];
    const store = createSettingsStore(recording, {
      proxyUrls: ["https://assets.example.org"],
      accessToken: "",
    });
    await store.load({ proxyUrl: "https://old.example.org", accessToken: "old-server-token-0123456789" });
    await store.update({ accessToken: "new-server-token-0123456789" });
    expect(saved.at(-1)).toEqual({ accessToken: "new-server-token-0123456789", proxyUrl: "" });
    expect(store.stranded.value).toBeUndefined();
    expect(store.accessToken.value).toBe("new-server-token-0123456789");
  });
});
