import { describe, expect, it } from "vitest";
import {
  describeAsset,
  humanName,
  iconKey,
  readSet,
  readVariant,
  styleLabel,
  variantFamily,
  variantLabel,
} from "../../src/api/client/asset-names";
import {
  groupVariants,
  MAX_CHOICES,
  MAX_VARIANTS,
  resultCount,
  shownMember,
  variantChoices,
} from "../../src/ui/variants/group-variants";

const asset = (fields: Record<string, unknown>) => ({ uuid: "u", name: "n", urls: {}, ...fields });

describe("asset names in words", () => {
  it("turns names into words and keeps a name already in words", () => {
    expect(humanName("rocket-launch")).toBe("Rocket launch");
    expect(humanName("arrow_up--right 2")).toBe("Arrow up right 2");
    expect(humanName("iPhone mockup")).toBe("IPhone mockup");
    expect(humanName(" - ")).toBe("");
  });

  it("reads set and variant defensively: objects, other spellings, and nothing at all", () => {
    expect(readSet(asset({ contributor: { username: "phosphor" } }))).toBe("phosphor");
    expect(readSet(asset({ author: "studio" }))).toBe("studio");
    expect(readSet(asset({ contributor: 42 }))).toBeUndefined();
    expect(readVariant(asset({ variant: "Bold" }))).toBe("bold");
    expect(readVariant(asset({ weight: { name: "thin" } }))).toBe("thin");
    expect(readVariant(asset({ variant: ["bold"] }))).toBeUndefined();
    // A page of text is no variant name (and would not fit the stored choice).
    expect(readVariant(asset({ variant: "x".repeat(41) }))).toBeUndefined();
    expect(describeAsset(asset({ name: "cloud-sun", contributor: "tabler", variant: "filled" }))).toBe(
      "Cloud sun, Tabler, Filled",
    );
    expect(describeAsset(asset({ name: "" }))).toBe("Untitled");
  });

  it("gives no icon key to an asset without variant, set or name: it keeps its own cell", () => {
    expect(iconKey(asset({ contributor: "tabler" }))).toBeUndefined();
    expect(iconKey(asset({ variant: "bold" }))).toBeUndefined();
    const groups = groupVariants([
      asset({ uuid: "", name: "a" }),
      asset({ uuid: "", name: "a" }),
      asset({ uuid: "x", name: "a", contributor: "s", variant: "bold" }),
      asset({ uuid: "y", name: "a", contributor: "s", variant: "bold" }),
    ]);
    // Two unnamed results stay two; the same variant listed twice is one.
    expect(groups.map((g) => g.members.length)).toEqual([1, 1, 1]);
  });
});

describe("variant choices", () => {
  const tabler = (name: string, variant: string) =>
    asset({ uuid: `${name}-${variant}`, name, contributor: "tabler", variant });

  it("labels a family as the results spell it, and falls back to the first member without a choice", () => {
    const groups = groupVariants([tabler("a", "outline"), tabler("a", "filled"), tabler("b", "outline")]);
    expect(variantChoices(groups)).toEqual([
      { value: "regular", label: "Outline", others: "", missing: [] },
      { value: "fill", label: "Filled", others: "", missing: [] },
    ]);
    expect(shownMember(groups[0]!, null).uuid).toBe("a-outline");
    expect(shownMember(groups[0]!, "fill").uuid).toBe("a-filled");
    expect(shownMember(groups[0]!, "bold").uuid).toBe("a-outline");
    expect(shownMember(groups[1]!, "fill").uuid).toBe("b-outline");
    expect(shownMember(groups[0]!, "no-such").uuid).toBe("a-outline");
  });

  it("counts icons once every page is in, and estimates icons, not drawings, while pages remain", () => {
    const items = [tabler("a", "outline"), tabler("a", "filled"), tabler("b", "outline")];
    expect(resultCount(items, 3, true)).toBe(2);
    // Two cells for three drawings so far: 40 drawings are about 27 icons, never 40.
    expect(resultCount(items, 40, false)).toBe(27);
  });

  it("spells duotone one way, whatever the service calls it", () => {
    expect(variantLabel("dualtone")).toBe("Duotone");
    expect(variantLabel("duotone")).toBe("Duotone");
    expect(styleLabel("dualtone")).toBe("Duotone");
    expect(styleLabel("line")).toBe("Line");
    expect(variantFamily("dualtone")).toBe("duotone");
  });

  it("bounds a flood of variants of one name: extra ones keep their own cells, the switch stays short", () => {
    const flood = Array.from({ length: 500 }, (_, i) => tabler("a", `v${i}`));
    const groups = groupVariants(flood);
    expect(groups[0]!.members).toHaveLength(MAX_VARIANTS);
    expect(groups.reduce((n, g) => n + g.members.length, 0)).toBe(500);
    expect(variantChoices(groups).length).toBe(MAX_CHOICES);
  });
});
