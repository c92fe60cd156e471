// Idempotency keys are bounded in count and age, so requests that fail after their claim (free to a
// caller) cannot grow the state: failed keys live an hour and at most FAILED_KEYS_PER_CLIENT per
// client; every client keeps at most KEYS_PER_CLIENT keys. Within those bounds the spec's table holds.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { localApiParts } from "../../src/local-api/parts";
import {
  FAILED_KEY_WINDOW_MS,
  FAILED_KEYS_PER_CLIENT,
  IDEMPOTENCY_WINDOW_MS,
  IdempotencyStore,
  type IdempotentRun,
  KEYS_PER_CLIENT,
} from "../../src/local-api/work/idempotency";
import { fileForm, headersOf, lottie, smallCatalogue, worker } from "./work-support";

const IN_FLIGHT: IdempotentRun = { family: "conversion", state: "in_flight" };
const FAILED: IdempotentRun = { family: "conversion", state: "failed" };
const DONE: IdempotentRun = { family: "conversion", state: "completed_sync" };

function store() {
  const clock = { now: Date.UTC(2026, 2, 10, 12) };
  const changes: Array<[string, boolean]> = [];
  const keys = new IdempotencyStore(
    () => clock.now,
    (id, entry) => changes.push([id, entry !== undefined]),
  );
  /** What a request does: claim, then settle how it went. */
  const request = (client: string, key: string, outcome: IdempotentRun) => {
    const prior = keys.claim(client, key, IN_FLIGHT);
    if (!prior) keys.settle(client, key, outcome);
    return prior;
  };
  return { clock, changes, keys, request };
}

const countOf = (keys: IdempotencyStore, client: string, state?: string) =>
  keys
    .snapshot()
    .filter(([id, entry]) => id.startsWith(`${client}\n`) && (!state || entry.run.state === state)).length;

describe("idempotency key bounds", () => {
  it("a flood of failing requests keeps at most FAILED_KEYS_PER_CLIENT failed keys, the newest", () => {
    const { keys, request, changes } = store();
    request("a", "done-key-0000000001", DONE);
    const flood = FAILED_KEYS_PER_CLIENT * 5;
    for (let i = 0; i < flood; i++) request("a", `failing-key-${i}`, FAILED);
    expect(countOf(keys, "a", "failed")).toBe(FAILED_KEYS_PER_CLIENT);
    expect(keys.size).toBe(FAILED_KEYS_PER_CLIENT + 1);
    // The newest failed key still answers already_failed; the oldest was let go (it charged nothing).
    expect(keys.claim("a", `failing-key-${flood - 1}`, IN_FLIGHT)).toEqual(FAILED);
    expect(keys.claim("a", "failing-key-0", IN_FLIGHT)).toBeUndefined();
    // The completed key is untouched: a repeat is still refused, never charged again.
    expect(keys.claim("a", "done-key-0000000001", IN_FLIGHT)).toEqual(DONE);
    // Every drop went to the journal.
    expect(changes.filter(([, kept]) => !kept).length).toBeGreaterThanOrEqual(flood - FAILED_KEYS_PER_CLIENT);
  });

  it("a failed key is kept for an hour, a completed one for a day", () => {
    const { keys, request, clock } = store();
    request("a", "failed-key-00000001", FAILED);
    request("a", "done-key-0000000001", DONE);
    clock.now += FAILED_KEY_WINDOW_MS - 1;
    expect(keys.claim("a", "failed-key-00000001", IN_FLIGHT)).toEqual(FAILED);
    clock.now += 1;
    keys.prune();
    expect(countOf(keys, "a", "failed")).toBe(0);
    expect(keys.claim("a", "failed-key-00000001", IN_FLIGHT)).toBeUndefined();
    expect(keys.claim("a", "done-key-0000000001", IN_FLIGHT)).toEqual(DONE);
    clock.now += IDEMPOTENCY_WINDOW_MS;
    expect(keys.claim("a", "done-key-0000000001", IN_FLIGHT)).toBeUndefined();
  });

  it("a client keeps at most KEYS_PER_CLIENT keys, never drops one in flight, and never another client's", () => {
    const { keys, request } = store();
    expect(keys.claim("a", "running-key-0000001", IN_FLIGHT)).toBeUndefined();
    request("b", "other-client-key-01", DONE);
    for (let i = 0; i < KEYS_PER_CLIENT + 10; i++) request("a", `completed-key-${i}`, DONE);
    expect(countOf(keys, "a")).toBeLessThanOrEqual(KEYS_PER_CLIENT);
    expect(keys.claim("a", "running-key-0000001", IN_FLIGHT)).toEqual(IN_FLIGHT);
    expect(keys.claim("b", "other-client-key-01", IN_FLIGHT)).toEqual(DONE);
    expect(keys.claim("a", `completed-key-${KEYS_PER_CLIENT + 9}`, IN_FLIGHT)).toEqual(DONE);
  });

  it("never drops a key whose render or AI tasks still run, though it answered 202 already", () => {
    const running = new Set(["job-running", "task-running"]);
    const clock = { now: Date.UTC(2026, 2, 10, 12) };
    const keys = new IdempotencyStore(
      () => clock.now,
      () => {},
      (run) =>
        run.family === "conversion"
          ? run.state === "job" && running.has(run.jobId)
          : run.state === "in_flight" && (run.taskIds ?? []).some((id) => running.has(id)),
    );
    const queued = (key: string, run: IdempotentRun) => {
      keys.claim("a", key, IN_FLIGHT);
      keys.settle("a", key, run);
    };
    const RENDER: IdempotentRun = { family: "conversion", state: "job", jobId: "job-running" };
    const TASKS: IdempotentRun = { family: "ai", state: "in_flight", taskIds: ["task-running"] };
    const RENDERED: IdempotentRun = { family: "conversion", state: "job", jobId: "job-finished" };
    // The oldest keys of all, so the bound reaches them first.
    queued("render-key-00000001", RENDER);
    queued("ai-key-000000000001", TASKS);
    queued("rendered-key-000001", RENDERED);
    for (let i = 0; i < KEYS_PER_CLIENT + 10; i++) queued(`completed-key-${i}`, DONE);
    expect(countOf(keys, "a")).toBeLessThanOrEqual(KEYS_PER_CLIENT);
    // A retry of the running work is answered from its key, not started (and charged) again.
    expect(keys.claim("a", "render-key-00000001", IN_FLIGHT)).toEqual(RENDER);
    expect(keys.claim("a", "ai-key-000000000001", IN_FLIGHT)).toEqual(TASKS);
    // A finished render's key is settled like any other, so the bound may let it go.
    expect(keys.claim("a", "rendered-key-000001", IN_FLIGHT)).toBeUndefined();
  });

  it("the service keeps the key of a queued render past the bound (the stores are asked)", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "idempotency-bounds-"));
    const api = createLocalApi({
      stateDir,
      accounts: { clients: [worker("conv")] },
      catalogFile: smallCatalogue(2).path,
      workConcurrency: 1,
    });
    // An explicit gate: the one work slot is held, so the render waits in line, unfinished.
    let open = () => {};
    const held = localApiParts(api).queue.run(() => new Promise<void>((resolve) => (open = resolve)));
    try {
      const response = await api.fetch(
        new Request("http://127.0.0.1/v3/convert/lottie-to-gif", {
          method: "POST",
          headers: { ...headersOf("conv"), "Idempotency-Key": "queued-render-key-01" },
          body: fileForm(lottie(), "a.json"),
        }),
      );
      expect(response.status).toBe(202);
      const keys = localApiParts(api).idempotency;
      for (let i = 0; i < KEYS_PER_CLIENT + 10; i++) {
        keys.claim("conv", `completed-key-${i}`, IN_FLIGHT);
        keys.settle("conv", `completed-key-${i}`, DONE);
      }
      expect(countOf(keys, "conv")).toBeLessThanOrEqual(KEYS_PER_CLIENT);
      expect(keys.claim("conv", "queued-render-key-01", IN_FLIGHT)).toMatchObject({ state: "job" });
    } finally {
      open();
      await held;
      await api.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
