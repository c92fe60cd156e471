// The home's featured grid shows one icon per idea: two sets' picks of one idea side by side read
// as a doubled cell, whatever order the service interleaves its sets in.
import { describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { featuredIcons } from "../../../src/ui/home/FeaturedIcons";

const icon = (set: string, name: string, tags: string[] = [], variant = "regular") =>
  ({
    uuid: `${set}-${name}-${variant}`,
    name,
    type: "icon",
    contributor: set,
    variant,
    tags,
    urls: {},
  }) as unknown as Asset;
const names = (items: Asset[]) => items.map((a) => `${a.contributor}:${a.name}`);

describe("featured icons", () => {
  it("shows one set's pick of an idea, not each set's side by side", () => {
    const page = [
      icon("tabler", "star"),
      icon("phosphor", "star"),
      icon("tabler", "home", ["house", "building"]),
      icon("phosphor", "house", ["home"]),
      icon("phosphor", "gear"),
      icon("tabler", "settings", ["gear", "cog"]),
      icon("phosphor", "bell"),
    ];
    expect(names(featuredIcons(page))).toEqual([
      "tabler:star",
      "tabler:home",
      "phosphor:gear",
      "phosphor:bell",
    ]);
  });

  it("keeps a set's own neighbouring designs, and each icon once whatever its weights", () => {
    const page = [
      icon("tabler", "user", ["person"]),
      icon("tabler", "user", ["person"], "filled"),
      icon("tabler", "users", ["person", "user"]),
      icon("phosphor", "user-circle", ["person"]),
    ];
    expect(names(featuredIcons(page))).toEqual(["tabler:user", "tabler:users", "phosphor:user-circle"]);
  });

  it("stops at the most it shows", () => {
    const page = Array.from({ length: 50 }, (_, i) => icon("tabler", `icon-${i}`));
    expect(featuredIcons(page, 36)).toHaveLength(36);
  });
});
