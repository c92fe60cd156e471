// A small body with a declared length (a conversion's SVG, a JSON submission) is read whole before the
// app runs and sent to the service in one write: it must arrive byte for byte with its length, and a
// caller who hangs up before sending all of it must cost the service nothing and leave the proxy
// serving.

import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { serveOnLoopback } from "../support/loopback";
import { auth, recordingProxies, startProxy } from "./support";

const { setUp, closeAfterTest } = recordingProxies();

function svgOf(bytes: number): Uint8Array<ArrayBuffer> {
  const head = '<svg xmlns="http://www.w3.org/2000/svg"><!--';
  const tail = "--></svg>";
  const text = head + "x".repeat(bytes - head.length - tail.length) + tail;
  return new TextEncoder().encode(text);
}

/** Sends the headers and part of a declared body over a raw socket, then hangs up. */
function hangUpMidBody(proxyUrl: string, declared: number, sent: number): Promise<void> {
  const { hostname, port } = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        [
          "POST /v3/convert/svg-to-png HTTP/1.1",
          `Host: ${hostname}:${port}`,
          `Authorization: ${auth().authorization}`,
          "Content-Type: image/svg+xml",
          `Content-Length: ${declared}`,
          "",
          "",
        ].join("\r\n"),
      );
      socket.write(Buffer.alloc(sent, 120), () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on("error", reject);
  });
}

describe("small request bodies", () => {
  it("reach the service byte for byte with their length, at the edge of small and beyond", async () => {
    const received: { length: string | null; bytes: number[] }[] = [];
    // The service keeps what it was sent and answers it back.
    const service = await serveOnLoopback(async (request) => {
      if (new URL(request.url).pathname.endsWith("/operations"))
        return Response.json({ response: { operations: [], max_upload_kb: 1024 } });
      const bytes = new Uint8Array(await request.arrayBuffer());
      received.push({ length: request.headers.get("content-length"), bytes: [...bytes] });
      return new Response(bytes, { headers: { "content-type": "image/png" } });
    });
    const proxy = await startProxy(service.url);
    closeAfterTest(proxy.close, service.close);
    // Read from the caller whole up to 16 KB, sent to the service in one write up to 64 KB.
    for (const size of [300, 16 * 1024, 16 * 1024 + 1, 64 * 1024, 64 * 1024 + 1, 300 * 1024]) {
      const body = svgOf(size);
      const response = await fetch(`${proxy.url}/v3/convert/svg-to-png`, {
        method: "POST",
        headers: { ...auth(), "content-type": "image/svg+xml" },
        body,
      });
      expect(response.status).toBe(200);
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(body);
      const last = received.at(-1);
      expect(last?.length).toBe(String(size));
      expect(last?.bytes).toEqual([...body]);
    }
  });

  it("never call the service when the caller hangs up mid-way, and the proxy keeps serving", async () => {
    const { proxy, workCalls } = await setUp();
    await hangUpMidBody(proxy.url, 2000, 700);
    await hangUpMidBody(proxy.url, 2000, 0);
    const after = await fetch(`${proxy.url}/v3/credits`, { headers: auth() });
    expect(after.status).toBe(200);
    expect(workCalls().map((call) => call.url)).toEqual([expect.stringMatching(/\/v3\/credits$/)]);
  });
});
