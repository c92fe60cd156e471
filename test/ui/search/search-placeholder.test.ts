// The search field's placeholder fits the field beside the type menu at a 280 px window (about 15
// characters): it names a short type or set, and leaves a long one to the menu and chips.
import { describe, expect, it } from "vitest";
import { ASSET_TYPE_NOUNS } from "../../../src/ui/filters/filter-rules";
import { searchPlaceholder } from "../../../src/ui/search/search-placeholder";

describe("the search field's placeholder", () => {
  it("names short types and sets", () => {
    expect(searchPlaceholder(ASSET_TYPE_NOUNS.icon)).toBe("Search icons");
    expect(searchPlaceholder(ASSET_TYPE_NOUNS["3d"])).toBe("Search 3D icons");
    expect(searchPlaceholder("Tabler")).toBe("Search Tabler");
    expect(searchPlaceholder("OpenMoji")).toBe("Search OpenMoji");
  });

  it("says only Search for a name that would be cut at 280 px", () => {
    expect(searchPlaceholder(ASSET_TYPE_NOUNS["ai-image"])).toBe("Search");
    expect(searchPlaceholder(ASSET_TYPE_NOUNS.illustration)).toBe("Search");
    expect(searchPlaceholder(ASSET_TYPE_NOUNS.lottie)).toBe("Search");
  });

  it("never runs past the field's room for any type", () => {
    for (const noun of Object.values(ASSET_TYPE_NOUNS)) {
      expect(searchPlaceholder(noun).length).toBeLessThanOrEqual(15);
    }
  });
});
