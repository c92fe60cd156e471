// The transport's own pieces: the default sleep's cancellation and per-request headers.
import { describe, expect, it } from "vitest";
import { createTransport, realSleep } from "../../src/api/transport";
import { BASE, ok, scriptedFetch } from "./scripted-fetch";

describe("realSleep", () => {
  it("rejects at once with the reason of an already aborted signal", async () => {
    const reason = new Error("stop");
    await expect(realSleep(60_000, AbortSignal.abort(reason))).rejects.toBe(reason);
  });

  it("rejects when aborted while waiting", async () => {
    const controller = new AbortController();
    const waiting = realSleep(60_000, controller.signal);
    controller.abort("cancelled");
    await expect(waiting).rejects.toBe("cancelled");
  });
});

describe("createTransport", () => {
  it("reads a headers function on every request, and lets a call's headers win", async () => {
    const script = scriptedFetch(ok({}), ok({}));
    let token = "one";
    const transport = createTransport({
      baseUrl: BASE,
      fetch: script.fetch,
      headers: () => ({ authorization: `Bearer ${token}`, "x-app": "a" }),
    });
    await transport.send({ method: "GET", path: "/v3/credits" });
    token = "two";
    await transport.send({ method: "GET", path: "/v3/credits", headers: { "x-app": "b" } });
    expect(script.requests.map((r) => r.headers.get("authorization"))).toEqual(["Bearer one", "Bearer two"]);
    expect(script.requests.map((r) => r.headers.get("x-app"))).toEqual(["a", "b"]);
    expect(script.requests[0]!.url).toBe(`${BASE}/v3/credits`);
  });
});
