// The window's structure as DESIGN.md states it: no import circles among the ui's files, and the
// views of the tabs take the stores they use, never the whole app's state.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { circles, importGraph } from "./import-graph";

const UI = join(import.meta.dirname, "../../../src/ui");

/** Views that receive their own stores (the tabs, errors, credits, work runs, the window grip). */
const STORE_FED_VIEWS = [
  "tabs/Tabs.tsx",
  "ai/AiView.tsx",
  "convert/ConvertView.tsx",
  "similar/SimilarView.tsx",
  "similar/SourceBar.tsx",
  "similar/SelectionPrompt.tsx",
  "errors/ErrorNotice.tsx",
  "window/ResizeHandle.tsx",
  "work/WorkRuns.tsx",
  "credits/Cost.tsx",
  "credits/CreditMeter.tsx",
];

describe("the ui's structure", () => {
  it("has no import circle", () => {
    expect(circles(importGraph(UI))).toEqual([]);
  });

  it("finds a circle when there is one (the check can fail)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
    ]);
    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
  });

  it.each(STORE_FED_VIEWS)("%s does not take the whole app state", (file) => {
    const text = readFileSync(join(UI, file), "utf8");
    expect(text).not.toMatch(/\bAppState\b/);
    expect(text).not.toMatch(/from "\.\.\/app-state"/);
  });
});
