// url / image_url fields and the relay: inside addresses in every spelling and names that resolve
// inside are refused with 422 invalid_request before the service is asked, and the proxy itself
// sends nothing to a caller's URL; the relay only carries listed hosts, hop by hop.

import { describe, expect, it } from "vitest";
import { refusedAddressReason } from "../../src/api/server/address-policy";
import { resolveWithSystemDns } from "../../src/proxy/node/dns";
import { serveOnLoopback } from "../support/loopback";
import { auth, envelopeOf, recordingProxies } from "./support";

const { setUp: proxyOverService, closeAfterTest } = recordingProxies({ resolveHost: resolveWithSystemDns });
const setUp = (overrides = {}) =>
  proxyOverService(
    (request) =>
      new URL(request.url).pathname.endsWith("/operations")
        ? Response.json({ response: { max_upload_kb: 1024 } })
        : Response.json({ response: { ok: true } }),
    overrides,
  );

/** A server that redirects each path as `routes` says, and answers 200 elsewhere. */
async function redirector(routes: Record<string, string>) {
  const server = await serveOnLoopback((request) => {
    const target = routes[new URL(request.url).pathname];
    return target
      ? new Response(null, { status: 302, headers: { location: target } })
      : new Response("file bytes");
  });
  closeAfterTest(server.close);
  return server;
}

const reverseSearch = (proxyUrl: string, url: string) =>
  fetch(`${proxyUrl}/v3/reverse-image-search`, {
    method: "POST",
    headers: { ...auth(), "content-type": "application/json" },
    body: JSON.stringify({ url, asset: "icon" }),
  });

describe("address policy", () => {
  it("refuses every inside address and allows public ones", () => {
    const inside = [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fc00::1",
      "fd00:ec2::254",
      "fe80::1",
      "::ffff:127.0.0.1",
      "::ffff:a9fe:a9fe",
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::",
    ];
    for (const address of inside) expect(refusedAddressReason(address), address).toBeDefined();
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700::1111"]) {
      expect(refusedAddressReason(address), address).toBeUndefined();
    }
  });

  it("resolves localhost with the system resolver to a loopback address", async () => {
    const addresses = await resolveWithSystemDns("localhost");
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(refusedAddressReason(address)).toBeDefined();
  });
});

describe("url and image_url fields", () => {
  it("refuses inside addresses in every spelling, before the service is called", async () => {
    const { proxy, workCalls } = await setUp();
    for (const url of [
      "http://127.0.0.1/a.png",
      "http://2130706433/a.png",
      "http://0x7f.1/a.png",
      "http://[::1]/a.png",
      "http://[::ffff:127.0.0.1]/a.png",
      "http://169.254.169.254/latest/meta-data/",
      "http://[fd00:ec2::254]/",
      "http://100.100.100.200/",
      "http://10.0.0.8:8080/x.png",
      "http://localhost:9/a.png",
      "http://metadata.google.internal/computeMetadata/v1/",
      "file:///etc/passwd",
      "gopher://example.com/",
      "http://user:pass@example.com/a.png",
    ]) {
      const response = await reverseSearch(proxy.url, url);
      expect(response.status, url).toBe(422);
      expect((await envelopeOf(response)).reason).toBe("invalid_request");
    }
    expect(workCalls()).toHaveLength(0);
  });

  it("refuses a name the resolver places inside, and lets a public one through", async () => {
    const names: Record<string, string[]> = {
      "assets.example.com": ["93.184.216.34"],
      "sneaky.example.com": ["93.184.216.34", "127.0.0.1"],
      "rebind.example.com": ["10.0.0.7"],
    };
    const { proxy, workCalls } = await setUp({ resolveHost: async (name: string) => names[name] ?? [] });
    expect((await reverseSearch(proxy.url, "https://sneaky.example.com/a.png")).status).toBe(422);
    expect((await reverseSearch(proxy.url, "https://rebind.example.com/a.png")).status).toBe(422);
    expect((await reverseSearch(proxy.url, "https://nowhere.example.com/a.png")).status).toBe(422);
    expect(workCalls()).toHaveLength(0);
    expect((await reverseSearch(proxy.url, "https://assets.example.com/a.png")).status).toBe(200);
    expect(workCalls()).toHaveLength(1);
  });

  it("checks image_url in JSON, form and multipart bodies of AI generation, and url in multipart reverse search", async () => {
    const { proxy, workCalls } = await setUp();
    const ai = (body: BodyInit, headers: Record<string, string> = {}) =>
      fetch(`${proxy.url}/v3/ai/image-to-image`, {
        method: "POST",
        headers: { ...auth(), ...headers },
        body,
      });
    expect(
      (
        await ai(JSON.stringify({ model: "m", image_url: "http://192.168.0.1/x.png" }), {
          "content-type": "application/json",
        })
      ).status,
    ).toBe(422);
    expect((await ai(new URLSearchParams({ model: "m", image_url: "http://[::1]:80/" }))).status).toBe(422);
    const form = new FormData();
    form.set("model", "m");
    form.set("image_url", "http://127.0.0.1:1/x");
    expect((await ai(form)).status).toBe(422);
    const reverse = new FormData();
    reverse.set("url", "http://169.254.169.254/");
    expect(
      (
        await fetch(`${proxy.url}/v3/reverse-image-search`, {
          method: "POST",
          headers: auth(),
          body: reverse,
        })
      ).status,
    ).toBe(422);
    expect((await ai("{not json", { "content-type": "application/json" })).status).toBe(400);
    expect(workCalls()).toHaveLength(0);
  });

  it("sends nothing to the caller's URL: redirects are judged by whoever fetches it", async () => {
    let reached = 0;
    const host = await serveOnLoopback(() => {
      reached++;
      return new Response(null, { status: 302, headers: { location: "http://169.254.169.254/" } });
    });
    closeAfterTest(host.close);
    // Trusted by address (it stands in for a public host), so only a request to it could tell.
    const { proxy, workCalls } = await setUp({ trustedHosts: [new URL(host.url).host] });
    const response = await reverseSearch(proxy.url, `${host.url}/image.png`);
    expect(response.status).toBe(200);
    expect(reached).toBe(0);
    expect(workCalls()).toHaveLength(1);
  });
});

describe("relay", () => {
  it("relays only listed hosts, never API paths, and checks every redirect hop", async () => {
    const unlisted = await serveOnLoopback(() => new Response("not for you"));
    closeAfterTest(unlisted.close);
    const files = await redirector({
      "/away": `${unlisted.url}/x`,
      "/meta": "http://169.254.169.254/",
      "/ok": "/file.svg",
    });
    const filesHost = new URL(files.url).host;
    const { proxy, service } = await setUp({
      fileHosts: [filesHost, "files.example.com"],
      trustedHosts: [filesHost],
      resolveHost: async () => ["10.0.0.9"],
    });
    const relay = (url: string) =>
      fetch(`${proxy.url}/relay?url=${encodeURIComponent(url)}`, { headers: auth() });

    const ok = await relay(`${files.url}/ok`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("file bytes");
    for (const url of [
      `${unlisted.url}/x`,
      `${files.url}/away`,
      `${files.url}/meta`,
      "https://files.example.com/a.svg",
      `${service.url}/v3/credits`,
      "http://169.254.169.254/",
      "not a url",
    ]) {
      const response = await relay(url);
      expect(response.status, url).toBe(422);
      expect((await envelopeOf(response)).reason).toBe("invalid_request");
    }
    expect((await fetch(`${proxy.url}/relay`, { headers: auth() })).status).toBe(422);
  });
});
