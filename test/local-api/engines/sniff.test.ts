import { XMLValidator } from "fast-xml-parser";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { EngineError } from "../../../src/local-api/engines/errors";
import { sniffUpload, validateConversionInput } from "../../../src/local-api/engines/index";
import { requireInput, sniff } from "../../../src/local-api/engines/sniff";
import { closeEngineWorkers } from "../../../src/local-api/engines/workers/run-engine";
import { lottieBytes, movingSquareLottie, SAMPLE_SVG, samplePng, svgBytes } from "./fixtures";
import { nestedUseSvg } from "./hostile-inputs";

// Counts XML validations on this thread (engine workers load their own copy, which this does not see).
vi.mock("fast-xml-parser", async (importOriginal) => {
  const original = await importOriginal<typeof import("fast-xml-parser")>();
  return {
    ...original,
    XMLValidator: { ...original.XMLValidator, validate: vi.fn(original.XMLValidator.validate) },
  };
});

afterAll(() => closeEngineWorkers());

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

describe("what the sniffer reads, and where", () => {
  const refusal = (work: Promise<unknown>) =>
    work.then(
      () => undefined,
      (error: unknown) => error as EngineError,
    );

  it("an SVG behind any amount of leading whitespace or BOM is still cost-checked", async () => {
    for (const lead of [" ".repeat(1100), "\n".repeat(5000), `\uFEFF${"\t".repeat(3000)}`]) {
      const bomb = svgBytes(`${lead}${nestedUseSvg()}`);
      expect(sniff(bomb), JSON.stringify(lead.slice(0, 2))).toBe("svg");
      for (const operation of ["svg-to-png", "svg-to-pdf", "svg-to-lottie"] as const) {
        const error = await refusal(validateConversionInput(operation, bomb));
        expect(error?.reason, operation).toBe("invalid_input_file");
        expect(error?.message, operation).toMatch(/more than \d+ elements once <use>/);
      }
    }
  });

  it("operations that take no SVG never validate XML (nor parse JSON) on the server's thread", async () => {
    const svg = svgBytes(`${" ".repeat(2000)}${SAMPLE_SVG}`);
    const validate = vi.mocked(XMLValidator.validate);
    const parse = vi.spyOn(JSON, "parse");
    validate.mockClear();
    try {
      for (const operation of ["png-to-jpg", "jpg-to-png", "lottie-optimize", "lottie-to-gif"] as const) {
        const error = await refusal(validateConversionInput(operation, svg));
        expect(error?.reason, operation).toBe("invalid_input_file");
      }
      await refusal(validateConversionInput("svg-to-png", svg));
      await refusal(validateConversionInput("lottie-optimize", lottieBytes(movingSquareLottie())));
      expect(await sniffUpload(svg, ["png", "jpg", "webp", "gif"])).toBeUndefined();
      expect(await sniffUpload(svg, ["png", "svg"])).toBe("svg");
      expect(validate).not.toHaveBeenCalled();
      const uploadsParsed = parse.mock.calls.filter(([source]) => String(source).includes('"layers"'));
      expect(uploadsParsed).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });
});
