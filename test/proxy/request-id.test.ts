// Every answer carries X-Request-Id, the id its access-log line has, whatever the answer (a route's,
// a refusal, an unknown path, an error), and the route the line names is the pattern matched, HEAD
// included. A caller's plain id is kept; anything else is replaced.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auth, type LocalApiServer, startLocalApi, startProxy, type TestProxy } from "./support";

let api: LocalApiServer;
let proxy: TestProxy;
beforeAll(async () => {
  api = await startLocalApi();
  proxy = await startProxy(api.url);
});
afterAll(async () => {
  await proxy.close();
  await api.close();
});

/** The log line of the request that answered `response`. */
function lineOf(response: Response): { request_id: string; route: string; status: number } {
  const id = response.headers.get("x-request-id");
  const line = proxy.logs.map((l) => JSON.parse(l)).find((l) => l.request_id === id);
  if (!line) throw new Error(`no log line for request ${id}`);
  return line;
}

describe("request ids and route names", () => {
  it("ties every kind of answer to its log line", async () => {
    const answers = [
      await fetch(`${proxy.url}/v3/search?query=star&per_page=1`, { headers: auth() }),
      await fetch(`${proxy.url}/v3/search?query=star`),
      await fetch(`${proxy.url}/v3/nothing-here`, { headers: auth() }),
      await fetch(`${proxy.url}/v3/items/00000000-0000-0000-0000-000000000000`, { headers: auth() }),
      await fetch(`${proxy.url}/v3/items/a.b`, { method: "HEAD", headers: auth() }),
      await fetch(`${proxy.url}/healthz`),
    ];
    const lines = answers.map(lineOf);
    expect(lines.map((l) => [l.route, l.status])).toEqual([
      ["GET /v3/search", 200],
      ["GET /v3/search", 401],
      ["unmatched", 404],
      ["GET /v3/items/:item", 404],
      ["GET /v3/items/:item", 404],
      ["GET /healthz", 200],
    ]);
    expect(new Set(answers.map((a) => a.headers.get("x-request-id"))).size).toBe(answers.length);
  });

  it("keeps a caller's plain id and replaces one that is not", async () => {
    const kept = await fetch(`${proxy.url}/healthz`, { headers: { "x-request-id": "support-ticket-4711" } });
    expect(kept.headers.get("x-request-id")).toBe("support-ticket-4711");
    for (const offered of ["a b c d e f g h", "<script>alert(1)</script>", "z".repeat(300)]) {
      const replaced = await fetch(`${proxy.url}/healthz`, { headers: { "x-request-id": offered } });
      expect(replaced.headers.get("x-request-id"), offered).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
