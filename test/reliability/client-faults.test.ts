// The client (src/api) over the proxy over a failing service: it retries exactly what transport.ts
// says (reads after network failures and 5xx; keyed POSTs after network failures, 502 and 503;
// anything after rate_limit_exceeded, waiting Retry-After; never quota_exhausted, 500 or 504 on a
// POST, nor an unkeyed POST), as the fault upstream counts the calls that reached it. Then the ledger:
// across every fault, no paid call was charged twice and no completed AI result was lost.

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiClient,
  ApiError,
  createClient,
  newIdempotencyKey,
  resultUrlOf,
} from "../../src/api/client/api-client";
import { realSleep } from "../../src/api/client/transport";
import { localApiParts } from "../../src/local-api/parts";
import { CLIENT_ID, type FaultStack, startFaultStack } from "./fixtures/fault-stack";
import { FAULTS, type Fault, type FaultRecord } from "./fixtures/fault-upstream";

let stack: FaultStack;
let client: ApiClient;
/** Every wait the client asked for, in ms; it really waits at most 20 ms of each. */
const waits: number[] = [];

beforeAll(async () => {
  stack = await startFaultStack();
  client = createClient({
    baseUrl: stack.proxyUrl,
    headers: stack.auth,
    sleep: (ms, signal) => {
      waits.push(ms);
      return realSleep(Math.min(ms, 20), signal);
    },
  });
});
afterAll(() => stack.close());

const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><circle cx="20" cy="20" r="15"/></svg>';
const svgFile = () => new Blob([SVG], { type: "image/svg+xml" });
/** A 64x64 PNG: a dark disc on a light ground, for the local background removal. */
const pngFile = async () =>
  new Blob([
    new Uint8Array(
      await sharp(
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#f4f4f0"/><circle cx="32" cy="32" r="20" fill="#1a3d8f"/></svg>',
        ),
      )
        .png()
        .toBuffer(),
    ),
  ]);

/** Runs `call` with `faults` queued for `path`; returns what it gave, the calls that reached the service and the waits. */
async function scenario<T>(method: string, path: RegExp, faults: Fault[], call: () => Promise<T>) {
  for (const fault of faults) stack.upstream.inject(method, path, fault);
  const firstRecord = stack.upstream.records.length;
  const firstWait = waits.length;
  let result: T | undefined;
  let error: ApiError | undefined;
  try {
    result = await call();
  } catch (thrown) {
    if (!(thrown instanceof ApiError)) throw thrown;
    error = thrown;
  }
  expect(stack.upstream.pending()).toBe(0);
  const calls = stack.upstream.records
    .slice(firstRecord)
    .filter((record) => record.method === method && path.test(record.path));
  return { result, error, calls, waits: waits.slice(firstWait) };
}

const CREDITS = /^\/v3\/credits$/;
const SEARCH = /^\/v3\/search$/;
const CONVERT = /^\/v3\/convert\/svg-to-png$/;
const REMOVE_BACKGROUND = /^\/v3\/ai\/remove-background$/;
const TASK = /^\/v3\/ai\/tasks\//;

describe("reads", () => {
  it("are retried after a reset, a 5xx and a silent service, backing off, until they succeed", async () => {
    const reset = await scenario("GET", CREDITS, [{ kind: "reset" }], () => client.credits());
    expect([reset.error, reset.calls.length, reset.waits]).toEqual([undefined, 2, [500]]);

    const fiveHundreds = await scenario(
      "GET",
      CREDITS,
      [FAULTS.conversionFailed, FAULTS.gatewayTimeout],
      () => client.credits(),
    );
    expect([fiveHundreds.error, fiveHundreds.calls.length, fiveHundreds.waits]).toEqual([
      undefined,
      3,
      [500, 1000],
    ]);

    const cutCredits = await scenario("GET", CREDITS, [{ kind: "truncate" }], () => client.credits());
    expect([cutCredits.error, cutCredits.calls.length, cutCredits.waits]).toEqual([undefined, 2, [500]]);

    const silent = await scenario("GET", SEARCH, [{ kind: "hang" }], () => client.search({ query: "heart" }));
    expect(silent.result?.data.length).toBeGreaterThan(0);
    expect(silent.calls.length).toBe(2);

    const cut = await scenario("GET", SEARCH, [{ kind: "truncate" }, { kind: "stall", bytes: 50 }], () =>
      client.search({ query: "heart" }),
    );
    expect(cut.result?.data.length).toBeGreaterThan(0);
    expect(cut.calls.length).toBe(3);
  });

  it("give up after two retries with the last failure", async () => {
    const down = await scenario(
      "GET",
      CREDITS,
      [{ kind: "reset" }, { kind: "reset" }, { kind: "reset" }],
      () => client.credits(),
    );
    expect([down.error?.status, down.error?.reason, down.calls.length]).toEqual([502, "network_error", 3]);
  });

  it("wait out rate_limit_exceeded for its Retry-After, and never retry quota_exhausted", async () => {
    const limited = await scenario("GET", CREDITS, [FAULTS.rateLimited(3)], () => client.credits());
    expect([limited.error, limited.calls.length, limited.waits]).toEqual([undefined, 2, [3000]]);
    const spent = await scenario("GET", CREDITS, [FAULTS.quotaExhausted], () => client.credits());
    expect([spent.error?.reason, spent.calls.length, spent.waits]).toEqual(["quota_exhausted", 1, []]);
  });
});

describe("paid calls", () => {
  const convert = (idempotencyKey?: string) =>
    client.convert("svg-to-png", svgFile(), idempotencyKey === undefined ? {} : { idempotencyKey });

  it("without a key are never retried", async () => {
    const lost = await scenario("POST", CONVERT, [{ kind: "reset" }], () => convert());
    expect([lost.error?.status, lost.error?.reason, lost.calls.length]).toEqual([502, "network_error", 1]);
    const limited = await scenario("POST", CONVERT, [FAULTS.rateLimited(1)], () => convert());
    expect([limited.error?.reason, limited.calls.length]).toEqual(["rate_limit_exceeded", 1]);
  });

  it("with a key are retried after a reset, a 502 or a rate limit, and never after 500, 504 or quota_exhausted", async () => {
    const reset = await scenario("POST", CONVERT, [{ kind: "reset" }], () => convert(newIdempotencyKey()));
    expect(reset.result?.kind).toBe("file");
    expect(reset.calls.length).toBe(2);

    const limited = await scenario("POST", CONVERT, [FAULTS.rateLimited(2)], () =>
      convert(newIdempotencyKey()),
    );
    expect([limited.result?.kind, limited.calls.length, limited.waits]).toEqual(["file", 2, [2000]]);

    for (const fault of [FAULTS.conversionFailed, FAULTS.gatewayTimeout, FAULTS.quotaExhausted]) {
      const final = await scenario("POST", CONVERT, [fault], () => convert(newIdempotencyKey()));
      expect(final.error?.status).toBe(fault.status);
      expect(final.calls.length).toBe(1);
    }
    const silent = await scenario("POST", CONVERT, [{ kind: "hang" }], () => convert(newIdempotencyKey()));
    expect([silent.error?.status, silent.error?.reason, silent.calls.length]).toEqual([
      504,
      "upstream_timeout",
      1,
    ]);
  });

  it("a conversion done but its answer lost is refused on retry, not converted and charged again", async () => {
    const key = newIdempotencyKey();
    const lost = await scenario("POST", CONVERT, [{ kind: "reset", after: true }], () => convert(key));
    expect(lost.calls.map((call) => call.localStatus)).toEqual([200, 409]);
    expect(lost.error?.reason).toBe("idempotency_already_completed");
    expect(lost.error?.message).toMatch(/new key/);

    // The same when the converted file is cut off on its way: a network failure, not retried.
    const key2 = newIdempotencyKey();
    const cut = await scenario("POST", CONVERT, [{ kind: "truncate" }], () => convert(key2));
    expect([cut.error?.reason, cut.calls.map((call) => call.localStatus)]).toEqual(["network_error", [200]]);
    const again = await scenario("POST", CONVERT, [], () => convert(key2));
    expect([again.error?.reason, again.calls.map((call) => call.localStatus)]).toEqual([
      "idempotency_already_completed",
      [409],
    ]);
  });

  it("AI work accepted but its answer lost is adopted on retry, and its result reached", async () => {
    const key = newIdempotencyKey();
    const file = await pngFile();
    const lost = await scenario("POST", REMOVE_BACKGROUND, [{ kind: "reset", after: true }], () =>
      client.aiSubmit("remove-background", { file }, { idempotencyKey: key }),
    );
    expect(lost.calls.map((call) => call.localStatus)).toEqual([202, 409]);
    expect(lost.result?.adoptedFrom).toBeDefined();
    await expectResults(lost.result!.taskIds);

    // The proxy's own 504 is final for the client; the ui resubmits with the same key, as its pending
    // work does, and is handed the original tasks.
    const key2 = newIdempotencyKey();
    const silent = await scenario("POST", REMOVE_BACKGROUND, [{ kind: "hang", after: true }], () =>
      client.aiSubmit("remove-background", { file }, { idempotencyKey: key2 }),
    );
    expect([silent.error?.status, silent.calls.map((call) => call.localStatus)]).toEqual([504, [202]]);
    const again = await client.aiSubmit("remove-background", { file }, { idempotencyKey: key2 });
    expect(again.adoptedFrom).toBeDefined();
    await expectResults(again.taskIds);
  });

  it("AI tasks are followed to the end through resets, cut answers and rate limits on the polls", async () => {
    const submitted = await client.aiSubmit(
      "remove-background",
      { file: await pngFile() },
      { idempotencyKey: newIdempotencyKey() },
    );
    const polled = await scenario(
      "GET",
      TASK,
      [{ kind: "reset" }, FAULTS.rateLimited(1), { kind: "truncate" }],
      () => expectResults(submitted.taskIds),
    );
    expect(polled.error).toBeUndefined();
    expect(polled.waits).toContain(1000);
  });
});

/** Polls every task to COMPLETED and fetches each result by the link the proxy gave (its /relay/r). */
async function expectResults(taskIds: readonly string[]): Promise<void> {
  const tasks = await client.pollAiTasks(taskIds, { defaultIntervalMs: 250 });
  for (const task of tasks) {
    expect(task.status).toBe("COMPLETED");
    const url = resultUrlOf(task);
    expect(url).toBeDefined();
    expect(url!.startsWith(`${stack.proxyUrl}/relay/r?`)).toBe(true);
    const file = await fetch(url!, { headers: stack.auth });
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(0);
  }
}

describe("the ledger, across every fault above", () => {
  it("charged each paid call once at most, and only the calls the service completed", () => {
    const paid = (record: FaultRecord) =>
      record.method === "POST" && (CONVERT.test(record.path) || REMOVE_BACKGROUND.test(record.path));
    const completed = new Map<string, number>();
    let unkeyedCompleted = 0;
    for (const record of stack.upstream.records.filter(paid)) {
      if (record.localStatus === undefined || record.localStatus >= 300) continue;
      if (record.idempotencyKey === undefined) unkeyedCompleted++;
      else completed.set(record.idempotencyKey, (completed.get(record.idempotencyKey) ?? 0) + 1);
    }
    // The service did each keyed piece of work once, however many times it was asked.
    for (const [key, times] of completed) expect(times, key).toBe(1);
    const events = localApiParts(stack.api)
      .ledger.events(CLIENT_ID)
      .filter((event) => event.kind === "conversion" || event.kind === "ai");
    expect(events.length).toBe(completed.size + unkeyedCompleted);
    // Work happened under faults on both families, so the count above covers both.
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(["conversion", "ai"]));
    const used = events.reduce((sum, event) => sum + event.credits, 0);
    expect(localApiParts(stack.api).ledger.view(CLIENT_ID).used).toBe(used);
  });
});
