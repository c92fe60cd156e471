import fc from "fast-check";
import { expect, it } from "vitest";
import { compareNames, setLabel } from "../../../src/ui/sets/set-names";

const sign = (n: number) => Math.sign(n);
const plain = fc.string({ unit: fc.constantFrom(..."aAbBzZ09 .-Tt".split("")), maxLength: 8 });

it("orders plain names as localeCompare does", () => {
  fc.assert(
    fc.property(plain, plain, (a, b) => {
      expect(sign(compareNames(a, b))).toBe(sign(a.localeCompare(b)));
    }),
    { numRuns: 20_000 },
  );
});

it("orders set labels as localeCompare does", () => {
  const names = [
    "tabler-icons",
    "phosphor",
    "lucide",
    "Iconoir",
    "heroicons-2",
    "material.symbols",
    "a b",
    "ab",
  ];
  const labels = names.map(setLabel);
  expect([...labels].sort(compareNames)).toEqual([...labels].sort((a, b) => a.localeCompare(b)));
});

it("hands any other name to localeCompare", () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), (a, b) => {
      expect(sign(compareNames(a, b))).toBe(sign(a.localeCompare(b)));
    }),
    { numRuns: 5000 },
  );
  for (const [a, b] of [
    ["Émoji", "Emoji"],
    ["a_b", "a-b"],
    ["set 2", "set_2"],
  ])
    expect(sign(compareNames(a!, b!))).toBe(sign(a!.localeCompare(b!)));
});

it("spells the packaged sets as their makers do, in the chips and the cells alike", async () => {
  const { describeAsset } = await import("../../../src/api/client/asset-names");
  expect(["openmoji", "fluent-emoji", "fluent-emoji-3d", "useanimations", "tabler"].map(setLabel)).toEqual([
    "OpenMoji",
    "Fluent Emoji",
    "Fluent Emoji 3D",
    "useAnimations",
    "Tabler",
  ]);
  expect(describeAsset({ uuid: "u", name: "cat-face", contributor: "openmoji" } as never)).toContain(
    "OpenMoji",
  );
});
