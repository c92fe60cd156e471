// Why a cell does not show the chosen variant. Find similar's look-alikes often come one drawing per
// icon (a filled gear alone, no outline of it among the results): with Regular chosen that cell
// shows its set's filled drawing, and must carry the same mark and words as in the search grid.
import { describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { groupVariants, lackingNote, shownInsteadNote } from "../../../src/ui/variants/group-variants";
import { iconItem } from "../support/icon-items";

const sets = new Map([
  ["phosphor", ["regular", "bold", "fill"]],
  ["tabler", ["outline", "filled"]],
]);

describe("lackingNote", () => {
  it("marks a look-alike whose only drawing among the results is another variant", () => {
    const [gear] = groupVariants([iconItem("tabler", "gear", "filled") as unknown as Asset]);
    expect(lackingNote(gear!, "regular", sets)).toBe("No Outline drawing among these results");
  });

  it("says nothing for a cell that shows the chosen variant, or when nothing is chosen", () => {
    const [gear] = groupVariants([iconItem("tabler", "gear", "outline") as unknown as Asset]);
    expect(lackingNote(gear!, "regular", sets)).toBeUndefined();
    expect(lackingNote(gear!, null, sets)).toBeUndefined();
  });

  it("names the set when the set has no such variant at all", () => {
    const [arrow] = groupVariants([iconItem("tabler", "arrow", "outline") as unknown as Asset]);
    expect(lackingNote(arrow!, "bold", sets)).toBe("Tabler has no Bold");
  });

  it("adds which drawing the cell shows instead, so its mark explains itself", () => {
    const [arrow] = groupVariants([
      iconItem("tabler", "arrow", "outline") as unknown as Asset,
      iconItem("tabler", "arrow", "filled") as unknown as Asset,
    ]);
    expect(shownInsteadNote(arrow!, "duotone", sets)).toBe("Tabler has no Duotone: shown in Filled");
    const [gear] = groupVariants([iconItem("tabler", "gear", "filled") as unknown as Asset]);
    expect(shownInsteadNote(gear!, "regular", sets)).toBe(
      "No Outline drawing among these results: shown in Filled",
    );
    expect(shownInsteadNote(arrow!, "regular", sets)).toBeUndefined();
  });
});
