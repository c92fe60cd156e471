// A 50 MB upload and a 50 MB converted file pass through the proxy at the same time while the
// proxy's own process grows by a fraction of that: bodies stream, they are never held whole.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ForkedProxy, forkProxy } from "../support/forked-proxy";
import { serveOnLoopback } from "../support/loopback";

const MB = 1024 * 1024;
const BODY = 50 * MB;
const CHUNK = new Uint8Array(64 * 1024).fill(7);

function chunkedStream(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += CHUNK.byteLength;
      controller.enqueue(CHUNK.slice());
    },
  });
}

async function countBytes(stream: ReadableStream<Uint8Array> | null): Promise<number> {
  if (!stream) return 0;
  let total = 0;
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) total += read.value.byteLength;
  return total;
}

let proxy: ForkedProxy;
let proxyUrl: string;
let receivedByService = 0;
let closeService: () => Promise<void>;

const ask = <T>(question: string) => proxy.ask<T>(question);

beforeAll(async () => {
  const service = await serveOnLoopback(async (request) => {
    if (new URL(request.url).pathname.endsWith("/operations")) {
      return Response.json({ response: { operations: [], max_upload_kb: 200 * 1024 } });
    }
    receivedByService += await countBytes(request.body);
    return new Response(chunkedStream(BODY), { headers: { "content-type": "video/mp4" } });
  });
  closeService = service.close;
  proxy = await forkProxy(new URL("./fixtures/proxy-process.ts", import.meta.url), [service.url]);
  proxyUrl = proxy.url;
});

afterAll(async () => {
  await proxy.stop();
  await closeService();
});

describe("streaming", () => {
  it("keeps the proxy's memory flat for a 50 MB body each way", async () => {
    const convert = (body: ReadableStream<Uint8Array>) =>
      fetch(`${proxyUrl}/v3/convert/lottie-optimize`, {
        method: "POST",
        headers: {
          authorization: "Bearer memory-token-0123456789",
          "content-type": "application/octet-stream",
        },
        body,
        duplex: "half",
      } as RequestInit);
    // Warm up (code paths, catalogue) so the baseline is the proxy at rest.
    await countBytes((await convert(chunkedStream(MB))).body);
    receivedByService = 0;
    await ask("reset");

    const response = await convert(chunkedStream(BODY));
    expect(response.status).toBe(200);
    const returned = await countBytes(response.body);
    const { growth } = await ask<{ growth: number }>("report");

    expect(receivedByService).toBe(BODY);
    expect(returned).toBe(BODY);
    console.log(`proxy live memory growth while streaming 2 x 50 MB: ${(growth / MB).toFixed(1)} MB`);
    expect(growth).toBeLessThan(BODY / 2);
  });
});
