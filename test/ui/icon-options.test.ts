// The icon options the ui sends: one colour (variable, else style, else hex) and the stroke width,
// for inserts and for the selected icons (test/plugin/ui-icon-options.test.ts sends them).
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/messages/settings";
import { iconOptions } from "../../src/ui/insert/insert-plan";

describe("iconOptions", () => {
  it("sends one colour, the variable first, then the style, then the hex", () => {
    const base = { ...DEFAULT_SETTINGS, iconColor: "#112233" };
    expect(iconOptions(base)).toEqual({ size: 24, color: "#112233" });
    expect(iconOptions({ ...base, iconColorStyleId: "S:1,1:0" })).toEqual({
      size: 24,
      colorStyleId: "S:1,1:0",
    });
    expect(
      iconOptions({ ...base, iconColorStyleId: "S:1,1:0", iconColorVariableId: "VariableID:1:0" }),
    ).toEqual({
      size: 24,
      colorVariableId: "VariableID:1:0",
    });
    expect(iconOptions({ ...DEFAULT_SETTINGS, iconStrokeWidth: 1.5 })).toEqual({
      size: 24,
      strokeWidth: 1.5,
    });
  });
});
