// A forwarded answer is passed on as the proxy's guard made it, not built a second time: the
// service's own headers beyond what callers need (cookies, banners, hop-by-hop) still stay behind,
// on a plain answer as on a redirect or an error.

import { afterAll, beforeAll, expect, it } from "vitest";
import { auth, startProxy, startRecordingService, type TestProxy } from "./support";

const SERVICE_ONLY = {
  "set-cookie": "session=service-only",
  server: "service/1.0",
  "x-internal-trace": "abc",
  "x-powered-by": "service",
};

let service: Awaited<ReturnType<typeof startRecordingService>>;
let proxy: TestProxy;

beforeAll(async () => {
  service = await startRecordingService((request) => {
    const path = new URL(request.url).pathname;
    if (path === "/v3/credits")
      return Response.json(
        { response: { credits: { remaining: 1 } } },
        { headers: { ...SERVICE_ONLY, etag: '"c1"' } },
      );
    return Response.json(
      { data: { reason: "item_not_found", message: "no" } },
      { status: 404, headers: SERVICE_ONLY },
    );
  });
  proxy = await startProxy(service.url);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

it("passes the body and the headers callers need, and none of the service's own", async () => {
  for (const [path, status] of [
    ["/v3/credits", 200],
    ["/v3/items/missing", 404],
  ] as const) {
    const response = await fetch(`${proxy.url}${path}`, { headers: auth() });
    expect(response.status, path).toBe(status);
    for (const name of Object.keys(SERVICE_ONLY))
      expect(response.headers.get(name), `${path} ${name}`).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    if (status === 200) {
      expect(response.headers.get("etag")).toBe('"c1"');
      expect(await response.json()).toEqual({ response: { credits: { remaining: 1 } } });
    } else await response.arrayBuffer();
  }
});
