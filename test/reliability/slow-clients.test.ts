// A slowloris against the Node proxy as `npm run proxy` serves it: hundreds of sockets from one
// address, each sending a request head a byte a second and never finishing it. The proxy holds no
// more of them than its per-address cap (the rest are refused at once with 429 in the envelope),
// cuts the ones it holds when the head's time is up (408 in the envelope), and answers a
// legitimate caller from another address throughout. Bounded: 300 sockets on loopback, a 2 s head
// limit, and the whole test within its timeout.

import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServedProxy } from "../../src/server/serve-proxy";
import { type LoopbackServer, serveOnLoopback } from "../support/loopback";

const TOKEN = "slow-clients-token-0123456789";
const ATTACKER = "127.0.0.2"; // Linux answers the whole 127/8 on loopback: a second caller address.
const SOCKETS = 300;
const PER_ADDRESS = 50;

let service: LoopbackServer;
let proxy: Awaited<ReturnType<typeof startServedProxy>>;
beforeAll(async () => {
  service = await serveOnLoopback(() => Response.json({ response: { credits: 1 } }));
  proxy = await startServedProxy(
    {
      PORT: "0",
      UPSTREAM_URL: service.url,
      CLIENT_ID: "slow-clients",
      CLIENT_SECRET: "slow-clients-secret",
      PROXY_TOKENS: `team:${TOKEN}`,
      PROXY_HEADERS_TIMEOUT_S: "2",
      PROXY_MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
      PROXY_CACHE_TTL_MS: "0",
    },
    { log: () => undefined },
  );
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

interface Slow {
  socket: Socket;
  answer: string;
  closed: Promise<void>;
}

/** A socket that sends a head one byte a second and never ends it. */
function slowClient(port: number): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress: ATTACKER });
    const slow: Slow = {
      socket,
      answer: "",
      closed: new Promise((done) => socket.once("close", () => done())),
    };
    socket.on("data", (chunk) => {
      slow.answer += chunk.toString("latin1");
    });
    socket.on("error", () => undefined); // a reset is one way of being cut
    socket.once("connect", () => {
      socket.write("GET /v3/credits HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
      const drip = setInterval(() => {
        if (socket.writable) socket.write("a");
      }, 1000);
      socket.once("close", () => clearInterval(drip));
      resolve(slow);
    });
    socket.once("error", reject);
  });
}

const status = (answer: string) => Number(answer.split("\r\n")[0]?.split(" ")[1]);

describe("slow clients", () => {
  it("are capped per address and cut at the head's time limit, while a legitimate caller is answered", async () => {
    const port = Number(new URL(proxy.url).port);
    const slow = await Promise.all(Array.from({ length: SOCKETS }, () => slowClient(port)));

    // While the attack holds its sockets, ordinary requests from this address are answered.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${proxy.url}/v3/credits`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }

    // Every slow socket is closed by the proxy, none by this test.
    await Promise.all(slow.map((s) => s.closed));
    const statuses = slow.map((s) => status(s.answer));
    const refused = statuses.filter((code) => code === 429).length;
    const cut = statuses.filter((code) => code === 408).length;
    expect(refused).toBeGreaterThanOrEqual(SOCKETS - PER_ADDRESS);
    expect(refused + cut).toBe(SOCKETS);
    for (const s of slow) expect(s.answer).toMatch(/\{"data":\{"reason":"[a-z_]+","message":/);

    // And after it, the proxy is in service as before.
    const after = await fetch(`${proxy.url}/v3/credits`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(after.status).toBe(200);
  }, 30_000);
});
