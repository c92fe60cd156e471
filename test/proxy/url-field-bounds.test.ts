// The URL-field guard does bounded work: one value per URL field (a repeat is a 400 naming it, so
// a hundred `url` fields are one refusal, not a hundred checks), small JSON bodies, name lookups
// bounded in number and time, and every IPv6 spelling of an inside IPv4 address refused.

import { describe, expect, it } from "vitest";
import { auth, envelopeOf, OTHER_TOKEN, recordingProxies, TOKENS } from "./support";

const { setUp: proxyOverService } = recordingProxies();
const setUp = (overrides = {}) =>
  proxyOverService(
    (request) =>
      new URL(request.url).pathname.endsWith("/operations")
        ? Response.json({ response: { max_upload_kb: 1024 } })
        : Response.json({ response: { ok: true } }),
    overrides,
  );

const post = (proxyUrl: string, path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${proxyUrl}${path}`, { method: "POST", headers: { ...auth(), ...headers }, body });
const json = { "content-type": "application/json" };

describe("one value per URL field", () => {
  it("refuses a hundred url fields in one multipart body with one 400 naming the field, and looks nothing up", async () => {
    let lookups = 0;
    const { proxy, workCalls } = await setUp({
      resolveHost: async () => {
        lookups++;
        return ["93.184.216.34"];
      },
    });
    const form = new FormData();
    for (let i = 0; i < 100; i++) form.append("url", `https://img${i}.example.com/a.png`);
    const response = await post(proxy.url, "/v3/reverse-image-search", form);
    expect(response.status).toBe(400);
    const error = await envelopeOf(response);
    expect(error.reason).toBe("invalid_request");
    expect(error.message).toContain("url");
    expect(lookups).toBe(0);
    expect(workCalls()).toHaveLength(0);
  });

  it("refuses a repeated image_url in a form body and in JSON, however the name is escaped", async () => {
    const { proxy, workCalls } = await setUp();
    const form = new URLSearchParams([
      ["model", "m"],
      ["image_url", "https://a.example.com/x.png"],
      ["image_url", "http://127.0.0.1/"],
    ]);
    const repeatedForm = await post(proxy.url, "/v3/ai/image-to-image", form);
    expect(repeatedForm.status).toBe(400);
    expect((await envelopeOf(repeatedForm)).message).toContain("image_url");
    // JSON.parse keeps the last of two equal names; another parser may keep the first.
    const body =
      '{"model":"m","image_url":"http://127.0.0.1/","\\u0069mage_url":"https://a.example.com/x.png"}';
    const repeatedJson = await post(proxy.url, "/v3/ai/image-to-image", body, json);
    expect(repeatedJson.status).toBe(400);
    expect((await envelopeOf(repeatedJson)).message).toContain("image_url");
    expect(workCalls()).toHaveLength(0);
  });

  it("still passes one url, and nested members of the same name, on to the service", async () => {
    const { proxy, workCalls } = await setUp();
    const body = JSON.stringify({
      url: "https://93.184.216.34/a.png",
      asset: "icon",
      meta: { url: "x", list: [{ url: 1 }] },
    });
    expect((await post(proxy.url, "/v3/reverse-image-search", body, json)).status).toBe(200);
    expect(workCalls()).toHaveLength(1);
  });

  it("refuses a JSON submission larger than a URL and a prompt need, before parsing it", async () => {
    const { proxy, workCalls } = await setUp();
    const body = `{"url":"https://93.184.216.34/a.png","pad":${JSON.stringify("x".repeat(70 * 1024))}}`;
    const response = await post(proxy.url, "/v3/reverse-image-search", body, json);
    expect(response.status).toBe(413);
    expect(workCalls()).toHaveLength(0);
  });
});

describe("IPv6 spellings of inside IPv4 addresses", () => {
  it.each([
    "http://[::7f00:1]/a.png",
    "http://[::127.0.0.1]/a.png",
    "http://[::a9fe:a9fe]/latest/meta-data/",
    "http://[64:ff9b::7f00:1]/",
    "http://[2002:7f00:1::1]/",
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/",
  ])("refuses %s with 422 before the service", async (url) => {
    const { proxy, workCalls } = await setUp();
    const response = await post(proxy.url, "/v3/reverse-image-search", JSON.stringify({ url }), json);
    expect(response.status).toBe(422);
    expect((await envelopeOf(response)).message).toMatch(/url is refused/);
    expect(workCalls()).toHaveLength(0);
  });
});

describe("name lookups", () => {
  const blackHoled = () => {
    const started: string[] = [];
    const resolveHost = (name: string) => {
      started.push(name);
      // A name whose DNS server never answers; any other resolves to an outside address.
      return name.startsWith("slow")
        ? new Promise<string[]>(() => undefined)
        : Promise.resolve(["93.184.216.34"]);
    };
    return { started, resolveHost };
  };
  const ask = (proxyUrl: string, host: string, headers = auth()) =>
    fetch(`${proxyUrl}/v3/reverse-image-search`, {
      method: "POST",
      headers: { ...headers, ...json },
      body: JSON.stringify({ url: `https://${host}/a.png` }),
    });

  it("runs at most two at once: a third caller is told to retry, a lookup that never ends is refused", async () => {
    const { started, resolveHost } = blackHoled();
    const THIRD_TOKEN = "third-token-00112233445566";
    const tokens = [...TOKENS, { label: "studio", token: THIRD_TOKEN }];
    const { proxy, workCalls } = await setUp({ resolveHost, tokens });
    const slow = [
      ask(proxy.url, "slow1.example.com"),
      ask(proxy.url, "slow2.example.com", auth(OTHER_TOKEN)),
    ];
    while (started.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    const third = await ask(proxy.url, "slow3.example.com", auth(THIRD_TOKEN));
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    for (const answer of await Promise.all(slow)) {
      expect(answer.status).toBe(422);
      expect((await envelopeOf(answer)).message).toMatch(/does not resolve/);
    }
    expect(started).toHaveLength(2);
    expect(workCalls()).toHaveLength(0);
  });

  it("lets one caller hold one at a time, so its stalled lookups never lock the others out", async () => {
    const { started, resolveHost } = blackHoled();
    const { proxy, workCalls } = await setUp({ resolveHost });
    const stalled = ask(proxy.url, "slow1.example.com");
    while (started.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    const again = await ask(proxy.url, "slow2.example.com");
    expect(again.status).toBe(429);
    expect((await envelopeOf(again)).reason).toBe("rate_limit_exceeded");
    // Another team is still checked and served.
    const other = await ask(proxy.url, "files.example.com", auth(OTHER_TOKEN));
    expect(other.status).toBe(200);
    expect(workCalls()).toHaveLength(1);
    expect((await stalled).status).toBe(422);
    expect(started).toEqual(["slow1.example.com", "files.example.com"]);
  });
});
