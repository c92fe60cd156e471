// The icons a result list holds, as Find similar says it: "about" while pages remain and drawings
// were folded into cells, exact otherwise (as the Search tab's count does).
import { describe, expect, it } from "vitest";
import { resultIcons } from "../../../src/ui/variants/group-variants";
import { countWords } from "../../../src/ui/variants/icon-estimate";

describe("the Find similar count", () => {
  const drawing = (name: string, variant: string) => ({
    uuid: `${name}-${variant}`,
    name,
    urls: {},
    contributor: { username: "phosphor" },
    variant,
  });
  it("says 'about' while pages remain and variants were folded, and the exact figure otherwise", () => {
    const folded = [drawing("star", "regular"), drawing("star", "bold"), drawing("moon", "regular")];
    expect(countWords(resultIcons(folded, 30, false))).toBe("about 20");
    expect(countWords(resultIcons(folded, 3, true))).toBe("2");
    // Nothing folded: the service's total is the cells to come, exactly.
    const apart = [drawing("star", "regular"), drawing("moon", "regular")];
    expect(countWords(resultIcons(apart, 938, false))).toBe("938");
  });
});
