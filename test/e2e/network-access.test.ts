// The manifest's networkAccess holds in the harness as in Figma: the iframe reaches the proxy origin
// the build allows, and nothing else, whatever the request (fetch, image).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CountingOrigin, countingOrigin } from "./support/addresses";
import { builtDist } from "./support/dist";
import type { Harness } from "./support/harness";
import { allowedSources, contentSecurityPolicy } from "./support/network-access";
import { setCards } from "./support/plugin";
import { e2eSession } from "./support/session";
import { startStack } from "./support/stack";

const e2e = e2eSession();
let harness: Harness;

/** Another origin on this machine, counting every request that reaches it. */
let other: CountingOrigin;
beforeAll(async () => {
  other = await countingOrigin();
});
afterAll(() => other.close());

describe("networkAccess", () => {
  it("builds the policy from the manifest as built: its proxy origin only", async () => {
    const { manifest } = await builtDist([e2e.stack.proxyUrl]);
    expect(allowedSources(manifest)).toEqual([e2e.stack.proxyUrl]);
    // Exactly the fixed part and the proxy: any other origin the build let in would show here.
    const proxy = e2e.stack.proxyUrl;
    expect(contentSecurityPolicy(manifest)).toBe(
      `default-src data: blob: ${proxy}; script-src 'unsafe-inline' 'unsafe-eval' ${proxy}; style-src 'unsafe-inline' ${proxy}`,
    );
    // And an origin the manifest does list is in it: the check above looks where origins go.
    const listed = {
      networkAccess: { allowedDomains: [e2e.stack.proxyUrl], devAllowedDomains: [other.url] },
    };
    expect(contentSecurityPolicy(listed)).toContain(other.url);
    expect(contentSecurityPolicy({ networkAccess: { allowedDomains: ["none"] } })).toBe(
      "default-src data: blob:; script-src 'unsafe-inline' 'unsafe-eval'; style-src 'unsafe-inline'",
    );
  });

  it("blocks a request to an origin the manifest does not list before it leaves, and serves the proxy", async () => {
    harness = await e2e.open();
    const { ui } = harness;
    // The proxy's origin works: the first results come (the home's sets are counted from them).
    await setCards(ui).first().waitFor();
    const outcome = await ui.evaluate(async (url) => {
      const fetched = await fetch(`${url}/data.json`).then(
        () => "answered",
        (error: Error) => error.name,
      );
      const image = await new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve("loaded");
        img.onerror = () => resolve("refused");
        img.src = `${url}/picture.svg`;
      });
      const inline = await new Promise<string>((resolve) => {
        const img = new Image();
        img.onload = () => resolve("loaded");
        img.onerror = () => resolve("refused");
        img.src = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>";
      });
      // Pictures made in the page load, as Figma's default-src allows: a blob: one here, and data:
      // ones (above; the stroke previews are drawn as those).
      const made = await new Promise<string>((resolve) => {
        const svg = "<svg xmlns='http://www.w3.org/2000/svg' width='4' height='4'/>";
        const img = new Image();
        img.onload = () => resolve("loaded");
        img.onerror = () => resolve("refused");
        img.src = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      });
      // A script from a blob: URL is not inline code of the plugin's page: refused.
      const script = await new Promise<string>((resolve) => {
        const tag = document.createElement("script");
        tag.onload = () => resolve("ran");
        tag.onerror = () => resolve("refused");
        tag.src = URL.createObjectURL(new Blob(["window.__blobRan = true"], { type: "text/javascript" }));
        document.head.append(tag);
      });
      return { fetched, image, inline, made, script, ran: "__blobRan" in window };
    }, other.url);
    expect(outcome).toEqual({
      fetched: "TypeError",
      image: "refused",
      inline: "loaded",
      made: "loaded",
      script: "refused",
      ran: false,
    });
    // Refused by the policy in the page: the other origin never heard of it.
    expect(other.hits()).toBe(0);
  });

  it("never sends to a saved server the build does not name, nor its token to another", async () => {
    // A server typed into an older version's free field: Figma would block it, so the ui asks the
    // build's own server instead, and keeps the token saved for the old one from it: the designer is
    // asked for this server's token.
    // A stack of its own: a request of an earlier window still being answered cannot join its log.
    const own = await startStack();
    try {
      harness = await e2e.open({ settings: { proxyUrl: other.url } }, own);
      await harness.ui.locator('[role="alert"]').getByText("access token").first().waitFor();
      expect(own.requests.length).toBeGreaterThan(0);
      expect(own.requests.filter((request) => request.status !== 401)).toEqual([]);
      expect(other.hits()).toBe(0);
    } finally {
      await own.stop();
    }
  });
});
