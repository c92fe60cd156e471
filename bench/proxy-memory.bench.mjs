// The proxy's resident memory while it relays a large body each way: an upload streamed to the
// service, then the service's answer of the same size streamed back (a conversion of a big file).
// Each run is a fresh proxy process (warmed with a 1 MB body), so memory a previous run left
// mapped cannot hide growth; runs of 50 MB and of four times that alternate. A proxy that held
// bodies would grow by about the body; one that streams grows by the same for both: chunks already
// passed on wait as garbage until V8 collects them, a bounded amount whatever the body's size.
// `npm run bench proxy-memory` runs this suite alone.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { summarise } from "./lib/stats.mjs";

export const name = "proxy-memory";

const MB = 1024 * 1024;
const BODY = 50 * MB;
const LARGER = 4 * BODY;
const RUNS = Number(process.env.MEMORY_BENCH_RUNS ?? 4);
const CHUNK = new Uint8Array(64 * 1024).fill(7);
const SERVER = new URL("./lib/proxy-bench-server.ts", import.meta.url).pathname;
const TOKEN = "bench-token-0123456789abcdef";

/** A service on 127.0.0.1 that takes an upload of any size and answers as many bytes as it took. */
async function startService() {
  const server = createServer(async (req, res) => {
    if (req.url?.endsWith("/operations")) {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ response: { operations: [], max_upload_kb: 200 * 1024 } }));
    }
    let received = 0;
    for await (const chunk of req) received += chunk.length;
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": received });
    for (let sent = 0; sent < received; sent += CHUNK.length) {
      const piece = CHUNK.subarray(0, Math.min(CHUNK.length, received - sent));
      if (!res.write(piece)) await once(res, "drain");
    }
    res.end();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

function startProxy(serviceUrl) {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER, "proxy", serviceUrl], {
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  const ask = (message) => {
    const answer = once(child, "message").then(([reply]) => reply);
    child.send(message);
    return answer;
  };
  return once(createInterface({ input: child.stdout }), "line").then(([line]) => ({
    url: JSON.parse(line).url,
    ask,
    stop: async () => {
      const exited = once(child, "exit");
      child.kill();
      await exited;
    },
  }));
}

function body(total) {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += CHUNK.length;
      controller.enqueue(CHUNK.slice());
    },
  });
}

/** Sends `size` bytes through the proxy and reads as many back; returns the bytes that came back. */
async function relay(proxyUrl, size) {
  const response = await fetch(`${proxyUrl}/v3/convert/lottie-optimize`, {
    method: "POST",
    headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/octet-stream" },
    body: body(size),
    duplex: "half",
  });
  let returned = 0;
  for await (const chunk of response.body) returned += chunk.length;
  if (response.status !== 200 || returned !== size) {
    throw new Error(`relay of ${size} bytes: status ${response.status}, ${returned} bytes back`);
  }
  return returned;
}

/** One fresh proxy: resident memory at rest after a 1 MB warm-up, and its peak while relaying. */
async function measure(serviceUrl, size) {
  const proxy = await startProxy(serviceUrl);
  try {
    await relay(proxy.url, MB);
    const { rss } = await proxy.ask("reset");
    await relay(proxy.url, size);
    const { peak } = await proxy.ask("report");
    return { rest: rss / MB, growth: (peak - rss) / MB };
  } finally {
    await proxy.stop();
  }
}

export async function run() {
  const service = await startService();
  try {
    const body = [];
    const larger = [];
    for (let i = 0; i < RUNS; i++) {
      body.push(await measure(service.url, BODY));
      larger.push(await measure(service.url, LARGER));
    }
    const rest = summarise([...body, ...larger].map((r) => r.rest));
    const growth = summarise(body.map((r) => r.growth));
    const largerGrowth = summarise(larger.map((r) => r.growth));
    const spread = (s) => `${s.min.toFixed(1)}–${s.max.toFixed(1)}, ${s.runs} runs`;
    // "Does not grow with the body": 150 MB more body costs less than a tenth of it.
    const allowance = (LARGER - BODY) / MB / 10;
    return [
      { figure: "proxy resident memory at rest", value: rest.median, unit: "MB", spread: spread(rest) },
      {
        figure: "proxy resident memory growth relaying 50 MB each way",
        value: growth.median,
        unit: "MB",
        spread: spread(growth),
      },
      {
        figure: "proxy resident memory growth relaying 200 MB each way",
        value: largerGrowth.median,
        unit: "MB",
        spread: spread(largerGrowth),
        target: `<= the 50 MB growth + ${allowance} MB`,
        met: largerGrowth.median <= growth.median + allowance,
      },
    ];
  } finally {
    service.close();
  }
}
