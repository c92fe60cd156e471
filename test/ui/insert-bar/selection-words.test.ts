import { describe, expect, it } from "vitest";
import { appliesWords, clickWords } from "../../../src/ui/insert-bar/SelectionBar";

const base = { count: 2, type: "icon", size: 24, asComponent: false } as const;

describe("the selection bar's words", () => {
  it("keep one pattern at every width, shortened by dropping words, never rephrased", () => {
    expect(clickWords({ ...base, mode: "replace" })).toEqual({
      full: "Click replaces 2 layers",
      short: "Replaces 2 layers",
      tiny: "Replaces 2 layers",
    });
    expect(clickWords({ ...base, mode: "replace", count: 1 }).short).toBe("Replaces 1 layer");
    expect(clickWords({ ...base, mode: "insert" })).toEqual({
      full: "Click inserts at 24 px",
      short: "Inserts at 24 px",
      tiny: "Inserts 24 px",
    });
    expect(clickWords({ ...base, mode: "insert", asComponent: true })).toEqual({
      full: "Click inserts a 24 px component",
      short: "Inserts a 24 px component",
      tiny: "Inserts a component",
    });
    expect(appliesWords(2)).toEqual({
      full: "Size, colour and stroke apply to 2 selected icons",
      short: "Applies to 2 icons",
    });
    expect(appliesWords(1).short).toBe("Applies to 1 icon");
  });

  it("never shorten to a bare figure: every form starts with its verb", () => {
    const forms = [
      ...(["insert", "replace"] as const).flatMap((mode) =>
        (["icon", "illustration"] as const).flatMap((type) =>
          [false, true].map((asComponent) => clickWords({ ...base, mode, type, asComponent })),
        ),
      ),
    ].flatMap((words) => [words.full, words.short, words.tiny]);
    for (const form of forms) expect(form).toMatch(/^(Click )?(Inserts|Replaces|inserts|replaces) /);
  });
});
