import { unzipSync } from "fflate";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import {
  CONVERSION_OPERATIONS,
  CONVERSIONS,
  type ConversionOperation,
} from "../../../src/api/contract/tables";
import {
  availableConversions,
  EngineError,
  engineErrorStatus,
  parseConversionParams,
  runConversion,
  sniff,
  validateConversionInput,
} from "../../../src/local-api/engines/index";
import { hasFfmpeg } from "../../../src/local-api/engines/lottie/ffmpeg";
import { lottieBytes, movingSquareLottie, SAMPLE_SVG, samplePng, svgBytes } from "./fixtures";

async function inputFor(operation: ConversionOperation): Promise<Uint8Array> {
  const kind = CONVERSIONS[operation].input;
  if (kind === "png") return samplePng();
  if (kind === "jpg")
    return sharp(await samplePng())
      .jpeg()
      .toBuffer();
  if (kind === "svg") return svgBytes(SAMPLE_SVG);
  return lottieBytes(movingSquareLottie());
}

/** What the output's own bytes say it is. */
async function outputKind(bytes: Buffer): Promise<string> {
  if (bytes.subarray(0, 5).toString() === "%PDF-") return "pdf";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b)
    return unzipSync(new Uint8Array(bytes))["manifest.json"] ? "lottie" : "zip";
  if (bytes.subarray(4, 8).toString() === "ftyp") return "mp4";
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return "webm";
  const sniffed = sniff(bytes);
  return sniffed === "lottie" ? "json" : (sniffed ?? "unknown");
}

describe("runConversion", () => {
  for (const operation of CONVERSION_OPERATIONS) {
    const video = operation === "lottie-to-mp4" || operation === "lottie-to-webm";
    it.skipIf(video && !hasFfmpeg())(`${operation} produces ${CONVERSIONS[operation].output}`, async () => {
      const output = await runConversion(
        operation,
        await inputFor(operation),
        parseConversionParams(operation, { width: "64" }),
      );
      expect(await outputKind(output)).toBe(CONVERSIONS[operation].output);
    });
  }

  it("every operation refuses a file of the wrong kind with invalid_input_file (400) before doing anything", async () => {
    const wrong = new TextEncoder().encode("plain text, not an image");
    for (const operation of CONVERSION_OPERATIONS) {
      const error = await runConversion(operation, wrong).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).reason).toBe("invalid_input_file");
      expect(engineErrorStatus(error as EngineError)).toBe(400);
      await expect(validateConversionInput(operation, wrong)).rejects.toThrow(EngineError);
      const svgAccepted = await validateConversionInput(operation, svgBytes(SAMPLE_SVG)).then(
        () => true,
        () => false,
      );
      expect(svgAccepted).toBe(CONVERSIONS[operation].input === "svg");
    }
  });
});

describe("parseConversionParams", () => {
  it("reads width, height and preset from form strings, within each operation's bounds", () => {
    expect(parseConversionParams("lottie-to-gif", { width: "320", height: "" })).toEqual({ width: 320 });
    expect(parseConversionParams("svg-to-png", { width: "4096" })).toEqual({ width: 4096 });
    expect(parseConversionParams("svg-to-lottie", { preset: "draw" })).toEqual({ preset: "draw" });
    expect(parseConversionParams("svg-to-lottie", {})).toEqual({ preset: "static" });
    expect(parseConversionParams("png-to-jpg", { width: "abc" })).toEqual({}); // not used by that operation
    expect(parseConversionParams("lottie-to-mp4", { width: "0", height: "0" })).toEqual({});
  });

  it("refuses bad values with invalid_request", () => {
    for (const [operation, fields] of [
      ["lottie-to-gif", { width: "2000" }],
      ["lottie-to-webp", { height: "8" }],
      ["lottie-to-mp4", { width: "12.5" }],
      ["svg-to-png", { width: "-4" }],
      ["svg-to-lottie", { preset: "explode" }],
    ] as const) {
      expect(() => parseConversionParams(operation, fields)).toThrow(
        expect.objectContaining({ reason: "invalid_request" }),
      );
    }
  });
});

describe("availableConversions", () => {
  const saved = process.env.FFMPEG_PATH;
  afterEach(() => {
    if (saved === undefined) delete process.env.FFMPEG_PATH;
    else process.env.FFMPEG_PATH = saved;
  });

  it("lists all twelve; mp4 and webm follow ffmpeg's presence", () => {
    const all = availableConversions();
    expect(Object.keys(all).sort()).toEqual([...CONVERSION_OPERATIONS].sort());
    expect(all["lottie-to-mp4"].available).toBe(hasFfmpeg());
    process.env.FFMPEG_PATH = "/nonexistent/ffmpeg";
    const without = availableConversions();
    expect(without["lottie-to-mp4"]).toEqual({
      available: false,
      reason: "ffmpeg is not installed on this server.",
    });
    expect(without["lottie-to-webm"].available).toBe(false);
    expect(without["lottie-to-gif"].available).toBe(true);
  });
});
