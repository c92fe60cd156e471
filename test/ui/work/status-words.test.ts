// A run's status in words: a run picked up after the window was reopened says so in a sentence a
// designer reads, never as a developer's "(resumed)" flag.
import { describe, expect, it } from "vitest";
import { statusWords } from "../../../src/ui/work/status-words";
import type { WorkRun } from "../../../src/ui/work/work-types";

const run = (patch: Partial<WorkRun>): WorkRun => ({
  key: "k",
  family: "convert",
  operation: "lottie-to-gif",
  label: "Lottie to GIF of “slide”",
  status: "done",
  results: [],
  ...patch,
});

describe("a run's status words", () => {
  it("says Done, or the service's progress while it works", () => {
    expect(statusWords(run({}))).toBe("Done");
    expect(statusWords(run({ status: "running", progress: "Rendering" }))).toBe("Rendering");
  });

  it("says what a finished AI run did and what it cost, not a bare Done", () => {
    const removed = run({ family: "ai", operation: "remove-background", creditsCharged: 2 });
    expect(statusWords(removed)).toBe("Background removed · 2 credits");
    expect(statusWords(run({ family: "ai", operation: "vectorize", creditsCharged: 1 }))).toBe(
      "Vectorized · 1 credit",
    );
    // Charged nothing (a file kept from before): the outcome alone.
    expect(statusWords(run({ family: "ai", operation: "smart-group" }))).toBe("Grouped");
    expect(statusWords(run({ creditsCharged: 3 }))).toBe("Done · 3 credits");
  });

  it("tells a run finished after reopening by what happened to its result", () => {
    const placed = { id: "file", fileName: "slide.gif", contentType: "image/gif", placedNodeIds: ["1:2"] };
    expect(statusWords(run({ resumed: true, results: [placed] }))).toBe("Placed after reopening");
    const saved = { id: "file", fileName: "slide.gif", contentType: "image/gif" };
    expect(statusWords(run({ resumed: true, results: [saved] }))).toBe("Finished after reopening");
    expect(statusWords(run({ resumed: true, status: "failed" }))).toBe("Failed after reopening");
    for (const status of ["submitting", "running", "placing", "done", "failed"] as const) {
      expect(statusWords(run({ resumed: true, status }))).not.toMatch(/resumed/i);
    }
  });
});
