// What each asset type asks the service for and what it tells the plugin: 3D at a box and a
// density (2x: twice the pixels, half-size rectangle), Lottie as its GIF, illustrations with their
// own colours and lines at a size that reads as an illustration.
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "../../src/messages/settings";
import { ILLUSTRATION_SIZE, insertOptions, insertPlan } from "../../src/ui/insert/insert-plan";

const s = { ...DEFAULT_SETTINGS, rasterSize: 512 };

describe("a 3D icon's plan", () => {
  it("asks twice the box's pixels at 2x and tells the plugin the density", () => {
    expect(insertPlan("3d", { ...s, rasterDensity: 2 })).toMatchObject({
      width: 1024,
      height: 1024,
      density: 2,
    });
    expect(insertPlan("3d", s, { rasterDensity: 2, rasterSize: 256 })).toMatchObject({
      width: 512,
      density: 2,
    });
    const plain = insertPlan("3d", s);
    expect(plain).toMatchObject({ width: 512, height: 512 });
    expect(plain.density).toBeUndefined();
  });

  it("never asks past Figma's 4096 px a side", () => {
    expect(insertPlan("ai-image", { ...s, rasterSize: 4096, rasterDensity: 2 })).toMatchObject({
      width: 4096,
    });
  });

  it("leaves a Lottie's GIF at its box: a moving image at 2x is four times the frames' weight", () => {
    const plan = insertPlan("lottie", { ...s, rasterDensity: 2 });
    expect(plan).toMatchObject({ format: "gif", width: 512 });
    expect(plan.density).toBeUndefined();
  });
});

describe("an illustration's options", () => {
  it("carry its size only: no icon colour, stroke or component", () => {
    const iconish = {
      ...s,
      iconColor: "#ff0000",
      iconStrokeWidth: 1.5,
      insertAsComponent: true,
      keepReplacedColor: true,
    };
    const plan = insertPlan("illustration", iconish);
    expect(insertOptions("illustration", plan, iconish)).toEqual({ size: ILLUSTRATION_SIZE });
    expect(insertOptions("3d", insertPlan("3d", iconish), iconish)).toBeUndefined();
  });
});
