// A run's status in words: its step (queued, running, placing) and stopwatch while it works; a run
// picked up after the window was reopened says so in a sentence a designer reads, never as a
// developer's "(resumed)" flag.
import { describe, expect, it } from "vitest";
import { taskProgress } from "../../../src/ui/work/follow-tasks";
import { elapsedWords, runElapsed, runStep, statusWords } from "../../../src/ui/work/status-words";
import type { WorkRun } from "../../../src/ui/work/work-types";

const run = (patch: Partial<WorkRun>): WorkRun => ({
  key: "k",
  family: "convert",
  operation: "lottie-to-gif",
  label: "Animated GIF from “slide”",
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
    expect(statusWords(run({ resumed: true, status: "running", progress: "Rendering" }))).toBe(
      "Rendering after reopening",
    );
    for (const status of ["submitting", "running", "placing", "done", "failed"] as const) {
      expect(statusWords(run({ resumed: true, status }))).not.toMatch(/resumed/i);
    }
  });

  it("names the step a run is on in a designer's words: waiting, then working, then placing", () => {
    const steps = [
      [run({ status: "submitting" }), 0, "Sending"],
      [run({ status: "running", progress: "Waiting" }), 0, "Waiting"],
      // As a record kept before this wording says it: read as waiting, and said so.
      [run({ status: "running", progress: "Queued" }), 0, "Waiting"],
      [run({ status: "running", progress: "Rendering" }), 1, "Rendering"],
      [run({ status: "running" }), 1, "Working…"],
      [run({ status: "placing", progress: "Rendering" }), 2, "Placing…"],
    ] as const;
    for (const [r, step, words] of steps) expect([runStep(r), statusWords(r)]).toEqual([step, words]);
    expect(runStep(run({ status: "done" }))).toBeUndefined();
    expect(runStep(run({ status: "failed" }))).toBeUndefined();
  });

  it("a lone AI task says whether it waits or runs, not a bare Working", () => {
    expect(taskProgress({ task_id: "t", status: "PENDING" })).toBe("Waiting");
    expect(taskProgress({ task_id: "t", status: "IN_PROGRESS" })).toBe("Working…");
    expect(taskProgress(undefined)).toBe("Working…");
  });

  it("counts the time since the work was asked for, as a stopwatch, only while it works", () => {
    expect([0, 7_999, 72_000, 3_723_000].map(elapsedWords)).toEqual(["0:00", "0:07", "1:12", "1:02:03"]);
    const started = run({ status: "running", startedAt: 1_000 });
    expect(runElapsed(started, 13_500)).toBe("0:12");
    expect(runElapsed({ ...started, status: "done" }, 13_500)).toBeUndefined();
  });
});
