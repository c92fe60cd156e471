// A batch's words: the start button's count and cost in full and in its short form, its title, and
// the one wording for left-out layers, the same in the panel and the command window.
import { describe, expect, it } from "vitest";
import { findOperation } from "../../../src/ui/batch/batch-operations";
import type { BatchRun, LayerStatus } from "../../../src/ui/batch/batch-types";
import {
  batchTitle,
  runSummary,
  runTitle,
  skippedWords,
  startWords,
} from "../../../src/ui/batch/batch-words";

const op = (family: string, operation: string) => findOperation(family, operation)!;

/** A vectorize batch whose layers are in these states, 2 credits charged for each that ran. */
const runOf = (...statuses: LayerStatus[]): BatchRun => ({
  id: "run",
  op: op("ai", "vectorize"),
  layers: statuses.map((status, i) => ({
    nodeId: `1:${i}`,
    name: `Product ${i + 1}`,
    status,
    key: `key-${i}`,
    charged: status === "failed" || status === "not-started" ? 0 : 2,
  })),
});

describe("batch words", () => {
  it("says what the start button does, to how many layers, and what it costs", () => {
    expect(startWords(op("ai", "vectorize"), 3, 6)).toEqual({
      full: "Vectorize 3 layers · 6 credits",
      short: "Vectorize 3 · 6 credits",
    });
    expect(startWords(op("ai", "remove-background"), 1, 1)).toEqual({
      full: "Remove background from 1 layer · 1 credit",
      short: "Remove background from 1 · 1 credit",
    });
    expect(startWords(op("convert", "png-to-jpg"), 3, 3).full).toBe("Convert 3 layers to JPG · 3 credits");
  });

  it("leaves the credits out when the cost is not known", () => {
    expect(startWords(op("ai", "vectorize"), 3)).toEqual({
      full: "Vectorize 3 layers",
      short: "Vectorize 3",
    });
  });

  it("titles a batch by what it does and counts skipped layers alike everywhere", () => {
    expect(batchTitle(op("convert", "svg-to-png"), 2)).toBe("Convert 2 layers to PNG");
    expect(batchTitle(op("ai", "remove-background"), 2)).toBe("Remove background from 2 layers");
    expect([skippedWords(1), skippedWords(3)]).toEqual(["1 layer skipped", "3 layers skipped"]);
  });

  it("after Revert all, says what the batch came to and that its credits stay spent", () => {
    const reverted = runOf("reverted", "reverted", "reverted");
    expect([runTitle(reverted), runSummary(reverted)]).toEqual([
      "3 layers restored",
      "6 credits spent, not refunded",
    ]);
    // A layer that failed stays counted below the title, which names only what was restored.
    const withFailed = runOf("reverted", "reverted", "failed");
    expect([runTitle(withFailed), runSummary(withFailed)]).toEqual([
      "2 layers restored",
      "1 layer failed · 4 credits spent, not refunded",
    ]);
  });

  it("keeps the action as the title while any layer stays changed", () => {
    const one = runOf("done", "done", "reverted");
    expect([runTitle(one), runSummary(one)]).toEqual([
      "Vectorize 3 layers",
      "2 layers done · 1 restored · 6 credits spent, not refunded",
    ]);
    const done = runOf("done", "done", "done");
    expect([runTitle(done), runSummary(done)]).toEqual([
      "Vectorize 3 layers",
      "3 layers done · 6 credits spent",
    ]);
  });
});
