import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EngineError } from "../../../src/local-api/engines/errors";
import { requireInput, sniff } from "../../../src/local-api/engines/sniff";
import { lottieBytes, movingSquareLottie, SAMPLE_SVG, samplePng, svgBytes } from "./fixtures";

const text = (s: string) => new TextEncoder().encode(s);

describe("sniff", () => {
  it("recognises each raster format from its bytes", async () => {
    const png = await samplePng();
    expect(sniff(png)).toBe("png");
    expect(sniff(await sharp(png).jpeg().toBuffer())).toBe("jpg");
    expect(sniff(await sharp(png).gif().toBuffer())).toBe("gif");
    expect(sniff(await sharp(png).webp().toBuffer())).toBe("webp");
  });

  it("accepts well-formed XML with an <svg> root, with or without a prolog, BOM or namespace prefix", () => {
    expect(sniff(svgBytes(SAMPLE_SVG))).toBe("svg");
    expect(sniff(text('\uFEFF<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(
      sniff(text('<!-- made by hand --><svg:svg xmlns:svg="http://www.w3.org/2000/svg"></svg:svg>')),
    ).toBe("svg");
  });

  it("refuses XML that is not an SVG, and broken SVG", () => {
    expect(sniff(text("<html><body><svg></svg></body></html>"))).toBeUndefined();
    expect(sniff(text('<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>'))).toBeUndefined();
    expect(sniff(text("<svg"))).toBeUndefined();
  });

  it("recognises Lottie JSON only when it has v, fr, ip, op, w, h and layers", () => {
    expect(sniff(lottieBytes(movingSquareLottie()))).toBe("lottie");
    const { layers: _layers, ...noLayers } = movingSquareLottie();
    expect(sniff(lottieBytes(noLayers))).toBeUndefined();
    expect(sniff(lottieBytes({ ...movingSquareLottie(), fr: "30" }))).toBeUndefined();
    expect(sniff(lottieBytes({ ...movingSquareLottie(), op: 0 }))).toBeUndefined();
    expect(sniff(text("[1,2,3]"))).toBeUndefined();
    expect(sniff(text('{"v":'))).toBeUndefined();
  });

  it("returns undefined for empty and arbitrary bytes", () => {
    expect(sniff(new Uint8Array())).toBeUndefined();
    expect(sniff(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBeUndefined();
  });

  it("requireInput throws invalid_input_file naming what it found", async () => {
    const png = await samplePng();
    expect(requireInput(png, "png")).toBe("png");
    expect(requireInput(lottieBytes(movingSquareLottie()), "json")).toBe("lottie");
    const error = (() => {
      try {
        requireInput(png, "svg");
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).reason).toBe("invalid_input_file");
    expect((error as EngineError).message).toContain("got png");
  });
});
