// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPreviewLoader } from "../../src/ui/services/preview-loader";
import { failure, fakeService, PROXY, type Route } from "./support/fake-service";
import { testApi } from "./support/mount";
import { PNG } from "./support/routes";

const picture = () => new Response(PNG, { headers: { "content-type": "image/png" } });

describe("preview loader", () => {
  afterEach(() => vi.useRealTimers());

  it("loads a few at a time, newest first, and skips a cell that left before its turn", async () => {
    const holds: ((r: Response) => void)[] = [];
    const held: Route = () => new Promise<Response>((resolve) => holds.push(resolve));
    const service = fakeService(held);
    const load = createPreviewLoader({
      file: () => testApi(service.fetch).file,
      concurrency: 2,
    });
    const gone = new AbortController();
    const results = [
      load(`${PROXY}/p/0.png`),
      load(`${PROXY}/p/1.png`),
      load(`${PROXY}/p/2.png`, gone.signal),
      load(`${PROXY}/p/3.png`),
    ];
    results[2]?.catch(() => undefined);
    await Promise.resolve();
    expect(service.requests.map((r) => new URL(r.url).pathname)).toEqual(["/p/0.png", "/p/1.png"]);
    gone.abort();
    holds.shift()?.(picture());
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The newest waiting one went next; the one whose cell left was never requested.
    expect(service.requests.map((r) => new URL(r.url).pathname)).toEqual([
      "/p/0.png",
      "/p/1.png",
      "/p/3.png",
    ]);
    for (const release of holds.splice(0)) release(picture());
    await expect(results[2]).rejects.toBeDefined();
    await expect(Promise.all([results[0], results[1], results[3]])).resolves.toHaveLength(3);
    expect(service.requests).toHaveLength(3);
  });

  it("pauses every preview for Retry-After on a 429, then loads them", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    let refused = 0;
    const limited: Route = () =>
      refused++ < 1 ? failure(429, "rate_limit_exceeded", { "retry-after": "4" }) : picture();
    const service = fakeService(limited);
    const load = createPreviewLoader({
      file: () => testApi(service.fetch).file,
      concurrency: 1,
    });
    const first = load(`${PROXY}/p/a.png`);
    const second = load(`${PROXY}/p/b.png`);
    await vi.advanceTimersByTimeAsync(3000);
    expect(service.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1500);
    await expect(first).resolves.toMatch(/^blob:/);
    await vi.advanceTimersByTimeAsync(10);
    await expect(second).resolves.toMatch(/^blob:/);
    expect(service.requests).toHaveLength(3);
  });
});
