// A conversion's source size read from the file itself: an SVG's width and height (or viewBox), a
// Lottie file's w and h; nothing guessed when the file does not say.
import { describe, expect, it } from "vitest";
import { lottieOwnSize, scalesThatFit, svgOwnSize } from "../../../src/ui/convert/own-size";

describe("a source's own size", () => {
  it("reads an SVG's width and height in pixels, else its viewBox, never a stroke-width", () => {
    expect(svgOwnSize('<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32px">')).toEqual({
      width: 48,
      height: 32,
    });
    expect(svgOwnSize('<?xml version="1.0"?><svg stroke-width="2" viewBox="0 0 24 16">')).toEqual({
      width: 24,
      height: 16,
    });
    expect(svgOwnSize('<svg width="100%" height="100%" viewBox="0,0,10,20">')).toEqual({
      width: 10,
      height: 20,
    });
    expect(svgOwnSize('<svg width="100%">')).toBeUndefined();
    expect(svgOwnSize("not an svg")).toBeUndefined();
  });

  it("reads a Lottie file's w and h; a broken file says nothing", () => {
    expect(lottieOwnSize('{"w":512,"h":256,"layers":[]}')).toEqual({ width: 512, height: 256 });
    expect(lottieOwnSize('{"w":0,"h":256}')).toBeUndefined();
    expect(lottieOwnSize("{")).toBeUndefined();
  });

  it("offers only the scales whose result the service takes", () => {
    expect(scalesThatFit("svg-to-png", { width: 2000, height: 100 })).toEqual([1, 2]);
    expect(scalesThatFit("lottie-to-gif", { width: 40, height: 40 })).toEqual([0.5, 1, 2]);
    expect(scalesThatFit("svg-to-pdf", { width: 40, height: 40 })).toEqual([]);
  });
});
