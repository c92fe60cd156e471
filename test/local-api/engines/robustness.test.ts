import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONVERSIONS } from "../../../src/api/contract/tables";
import { EngineError, runConversion, sniff } from "../../../src/local-api/engines/index";
import { svgBytes } from "./fixtures";

/** The call either succeeds or fails with an EngineError: never a stray exception. */
async function settlesCleanly(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    return error instanceof EngineError;
  }
}

const SYNC_OPERATIONS = (Object.keys(CONVERSIONS) as Array<keyof typeof CONVERSIONS>).filter(
  (op) => CONVERSIONS[op].mode === "sync",
);

describe("engines on hostile input", () => {
  it("sniff never throws on arbitrary bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => {
        sniff(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it("every synchronous conversion answers arbitrary bytes with a result or an EngineError", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SYNC_OPERATIONS),
        fc.uint8Array({ maxLength: 256 }),
        async (op, bytes) => settlesCleanly(() => runConversion(op, bytes)),
      ),
      { numRuns: 200 },
    );
  });

  it("SVG conversions survive arbitrary path data, transforms, colours and sizes", async () => {
    const attribute = fc.string({ maxLength: 40 }).map((s) => s.replace(/[<>&"]/g, ""));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("svg-to-png", "svg-to-pdf", "svg-to-lottie", "svg-to-jpg" as const),
        attribute,
        attribute,
        attribute,
        fc.constantFrom("10", "0", "-3", "1e9", "abc", "50%"),
        async (op, d, transform, fill, size) => {
          const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="20" viewBox="0 0 20 20"><g transform="${transform}"><path d="M1 1 ${d}" fill="${fill}" stroke="${fill}"/><rect width="5" height="5" rx="${d}"/></g></svg>`;
          return settlesCleanly(() => runConversion(op, svgBytes(svg)));
        },
      ),
      { numRuns: 120 },
    );
  }, 60_000);

  it("every oversized request is refused, not attempted", async () => {
    const huge = svgBytes(
      '<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"><rect width="9" height="9"/></svg>',
    );
    await expect(runConversion("svg-to-pdf", huge)).rejects.toMatchObject({ reason: "invalid_input_file" });
    await expect(runConversion("svg-to-lottie", huge)).rejects.toMatchObject({
      reason: "invalid_input_file",
    });
  });
});
