// The relay fetches files itself, so it pins each connection to the address its check judged, and
// it reads a path on the service's origin as the service routes it: no spelling of /v3/ gets an
// API call relayed without credentials checks.

import { describe, expect, it } from "vitest";
import { pinnedStreamingFetch, streamingFetch } from "../../src/proxy/node/upstream";
import { isApiPath } from "../../src/proxy/relay-paths";
import { serveOnLoopback } from "../support/loopback";
import { auth, envelopeOf, recordingProxies } from "./support";

const { setUp, closeAfterTest } = recordingProxies();

describe("pinned file fetches", () => {
  it("connects only to an address the same lookup judged public", async () => {
    let reached = 0;
    const inside = await serveOnLoopback(() => {
      reached++;
      return new Response("inside");
    });
    closeAfterTest(inside.close);
    const url = inside.url.replace("127.0.0.1", "localhost");
    // Unpinned, the system's own lookup reaches loopback.
    expect((await streamingFetch(new Request(url))).status).toBe(200);
    expect(reached).toBe(1);
    const pinned = pinnedStreamingFetch(async () => ["127.0.0.1"]);
    const error = await pinned(new Request(url)).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/resolves to a loopback address/);
    expect(reached).toBe(1);
  });

  it("refuses a file host whose name answers public to the check and loopback to the connection", async () => {
    let reached = 0;
    const inside = await serveOnLoopback(() => {
      reached++;
      return new Response("inside");
    });
    closeAfterTest(inside.close);
    const port = new URL(inside.url).port;
    let lookups = 0;
    // The first answer (the relay's check) is public; every later one (the connection's) is loopback.
    const rebinding = async () => (lookups++ === 0 ? ["93.184.216.34"] : ["127.0.0.1"]);
    const { proxy } = await setUp(undefined, {
      fileHosts: [`files.example.com:${port}`],
      resolveHost: rebinding,
      fetchFile: pinnedStreamingFetch(rebinding),
    });
    const target = `http://files.example.com:${port}/secret`;
    const response = await fetch(`${proxy.url}/relay?url=${encodeURIComponent(target)}`, { headers: auth() });
    expect(response.status).toBe(502);
    const error = await envelopeOf(response);
    expect(error.message).toBe("The file host could not be reached.");
    expect(lookups).toBe(2);
    expect(reached).toBe(0);
  });
});

describe("lookups for file hosts", () => {
  it("are not held to the URL fields' cap: a page of previews resolves its host at once", async () => {
    const files = await serveOnLoopback(() => new Response("file"));
    closeAfterTest(files.close);
    const port = new URL(files.url).port;
    let inFlight = 0;
    let most = 0;
    const slowPublic = async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 100));
      inFlight--;
      return ["93.184.216.34"];
    };
    const { proxy } = await setUp(undefined, {
      fileHosts: [`files.example.com:${port}`],
      resolveHost: slowPublic,
      // Stands in for the connection: the check above is what is counted.
      fetchFile: (request) => fetch(request.url.replace(`files.example.com:${port}`, `127.0.0.1:${port}`)),
    });
    const relayed = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        fetch(`${proxy.url}/relay?url=${encodeURIComponent(`http://files.example.com:${port}/p${i}.png`)}`, {
          headers: auth(),
        }),
      ),
    );
    expect(relayed.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(most).toBeGreaterThan(2);
  });
});

describe("API paths on the service's origin", () => {
  it.each([
    "/v3/credits",
    "/%763/credits",
    "/%2576%33/credits",
    "/V3/credits",
    "/files/%2e%2e/v3/credits",
    "/files/..%2fv3/credits",
    "//v3/credits",
    "/%5cv3/credits",
    "/v3",
    "/bad%zz/v3",
  ])("treats %s as an API path", (path) => {
    expect(isApiPath(path, "")).toBe(true);
  });

  it("keeps file paths relayable, with or without a base path", () => {
    expect(isApiPath("/files/v3-icons/star%20outline.svg", "")).toBe(false);
    expect(isApiPath("/files/preview.png", "/api")).toBe(false);
    expect(isApiPath("/api/%763/credits", "/api")).toBe(true);
  });

  it("refuses /relay of an encoded API path before the service hears of it", async () => {
    const { proxy, service } = await setUp();
    for (const path of ["/%763/credits", "/%76%33/ai/tasks/x", "/files/%2e%2e/v3/credits"]) {
      const response = await fetch(`${proxy.url}/relay?url=${encodeURIComponent(`${service.url}${path}`)}`, {
        headers: auth(),
      });
      expect(response.status, path).toBe(422);
      expect((await envelopeOf(response)).message, path).toMatch(/API paths are not relayed/);
    }
    expect(service.calls).toHaveLength(0);
  });
});
