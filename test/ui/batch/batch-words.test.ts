// A batch's words: the start button's count and cost in full and in its short form, its title, and
// the one wording for left-out layers, the same in the panel and the command window.
import { describe, expect, it } from "vitest";
import { findOperation } from "../../../src/ui/batch/batch-operations";
import { batchTitle, skippedWords, startWords } from "../../../src/ui/batch/batch-words";

const op = (family: string, operation: string) => findOperation(family, operation)!;

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
});
