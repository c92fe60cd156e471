// A machine for which the tracer has no prebuilt binary: vectorize fails with a clear
// conversion_failed, and only when it is used (the binding is loaded lazily, so the other engines in
// the same worker still load).

import { describe, expect, it, vi } from "vitest";

vi.mock("@neplex/vectorizer", () => {
  throw new Error("Cannot find native binding for this platform");
});

describe("vectorize without the tracer's native binary", () => {
  it("loads the engine modules, then refuses the trace with conversion_failed", async () => {
    const { runVtracer } = await import("../../../src/local-api/engines/ai/vtracer");
    await import("../../../src/local-api/engines/workers/engine-tasks");
    const pixels = { width: 1, height: 1, data: Buffer.from([255, 0, 0, 255]) };
    await expect(runVtracer(pixels, "flat-art")).rejects.toMatchObject({
      reason: "conversion_failed",
      message: expect.stringMatching(/not available on this server/),
    });
  });
});
