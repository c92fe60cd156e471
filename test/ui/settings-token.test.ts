// The token the ui sends: the designer's own, else the one `npm start` baked into the build, and
// the baked one only to the proxy it was baked for.

import { describe, expect, it } from "vitest";
import { createSettingsStore } from "../../src/ui/settings/settings-store";

const port = { request: async () => ({ value: undefined }) } as unknown as Parameters<
  typeof createSettingsStore
>[0];
const baked = { proxyUrl: "http://localhost:8787", accessToken: "local-token-0123456789abcdef" };

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

  it("never carries the local token to another proxy", async () => {
    const store = createSettingsStore(port, baked);
    await store.load({ proxyUrl: "https://assets.example.org", accessToken: "" });
    expect(store.accessToken.value).toBe("");
  });

  it("is empty in a build that baked none", async () => {
    const store = createSettingsStore(port, { proxyUrl: baked.proxyUrl, accessToken: "" });
    await store.load({ proxyUrl: "", accessToken: "" });
    expect(store.accessToken.value).toBe("");
  });
});
