// The small pieces behind jobs and tasks: the bounded work queue and the owner-only record store.

import { describe, expect, it } from "vitest";
import { OwnedStore } from "../../src/local-api/work/owned-store";
import { WorkQueue } from "../../src/local-api/work/queue";

describe("WorkQueue", () => {
  it("runs at most `concurrency` at once, in order, and passes results and errors through", async () => {
    const queue = new WorkQueue(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: Array<() => void> = [];
    const work = (i: number) =>
      queue.run(
        () =>
          new Promise<number>((resolve) => {
            running++;
            peak = Math.max(peak, running);
            releases.push(() => {
              running--;
              resolve(i);
            });
          }),
        () => started.push(i),
      );
    const all = [0, 1, 2, 3, 4].map(work);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(queue.size).toBe(5);
    while (releases.length > 0 || started.length < 5) {
      releases.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    await expect(queue.run(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(queue.size).toBe(0);
  });

  it("refuses a concurrency below one", () => {
    expect(() => new WorkQueue(0)).toThrow(RangeError);
  });
});

describe("OwnedStore", () => {
  it("shows a record to its owner only, and evicts the oldest finished ones past the cap", () => {
    const evicted: string[] = [];
    const store = new OwnedStore<{ id: string; owner: string; finished: boolean }>(2, (r) =>
      evicted.push(r.id),
    );
    store.add("a", { id: "a", owner: "x", finished: false });
    store.add("b", { id: "b", owner: "x", finished: true });
    store.add("c", { id: "c", owner: "y", finished: true });
    expect(evicted).toEqual(["b"]); // "a" is still running: never dropped
    expect(store.get("a", "x")?.id).toBe("a");
    expect(store.get("a", "y")).toBeUndefined();
    expect(store.get("c", "y")?.id).toBe("c");
    expect(store.values().map((r) => r.id)).toEqual(["a", "c"]);
  });
});
