// A set card's samples: distinct shapes by rule, not the service's first six names.
import { describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { setSamples } from "../../../src/ui/sets/set-samples";

const named = (...names: string[]) =>
  names.map((name, i) => ({ uuid: `${name}-${i}`, name }) as unknown as Asset);
const names = (items: Asset[]) => items.map((i) => i.name);

describe("set samples", () => {
  it("takes one name per first word, single words first, in the service's order", () => {
    const items = named(
      "a-b",
      "a-b-2",
      "activity",
      "adjustments",
      "alert-circle",
      "alert-triangle",
      "align-center",
      "align-justified",
      "alarm",
      "archive",
    );
    expect(names(setSamples(items, 6))).toEqual([
      "a-b",
      "activity",
      "adjustments",
      "alert-circle",
      "alarm",
      "archive",
    ]);
  });

  it("shows one icon's weights once", () => {
    const items = named("rocket", "rocket", "rocket", "star", "star", "bell");
    expect(names(setSamples(items, 6))).toEqual(["rocket", "star", "bell"]);
  });

  it("fills from the remaining names when too few first words differ", () => {
    const items = named("arrow-up", "arrow-down", "arrow-left", "arrow-right");
    expect(names(setSamples(items, 3))).toEqual(["arrow-up", "arrow-down", "arrow-left"]);
  });
});
