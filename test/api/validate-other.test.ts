import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_PATTERN } from "../../src/api/contract/tables";
import { parseDownloadBody, validateDownloadRequest } from "../../src/api/contract/validate/download";
import {
  newIdempotencyKey,
  validateIdempotencyKey,
  validateProjectReference,
} from "../../src/api/contract/validate/headers";
import { validateUploadSize } from "../../src/api/contract/validate/upload";
import { expectApiError } from "./expect-api-error";

describe("download body", () => {
  it("accepts a valid body and checks the format against the asset type", () => {
    expect(validateDownloadRequest({ format: "svg", width: 0, height: 0 }, "icon")).toEqual({
      format: "svg",
      width: 0,
      height: 0,
    });
    expect(() => validateDownloadRequest({ format: "png", width: 512, height: 512 }, "icon")).not.toThrow();
    expectApiError(
      () => validateDownloadRequest({ format: "eps", width: 0, height: 0 }, "icon"),
      404,
      "format_not_available",
      /svg, png/,
    );
  });

  it("refuses bad formats, sizes and unknown fields, naming them", () => {
    const bad = (body: unknown, mentions: RegExp) =>
      expectApiError(() => parseDownloadBody(body), 400, "invalid_request", mentions);
    bad({ format: "tiff", width: 0, height: 0 }, /format/);
    bad({ width: 0, height: 0 }, /format is required/);
    bad({ format: "png", width: -1, height: 0 }, /width/);
    bad({ format: "png", width: 10, height: 1.5 }, /height/);
    bad({ format: "png", width: 10, height: 9000 }, /height/);
    bad({ format: "png", width: "10", height: 10 }, /width/);
    bad({ format: "png", width: 10, height: 10, quality: 9 }, /quality/);
    bad([], /object/);
    bad(null, /object/);
  });

  it("reads absent sizes as 0", () => {
    expect(parseDownloadBody({ format: "svg" })).toEqual({ format: "svg", width: 0, height: 0 });
  });
});

describe("Idempotency-Key and X-Project-Reference", () => {
  it("accepts 16..128 URL-safe characters and refuses the rest with invalid_idempotency_key", () => {
    expect(validateIdempotencyKey("a".repeat(16))).toBe("a".repeat(16));
    expect(() => validateIdempotencyKey(`${"A1_-".repeat(32)}`)).not.toThrow();
    for (const key of [
      "a".repeat(15),
      "a".repeat(129),
      `${"a".repeat(16)}=`,
      `${"a".repeat(16)}/`,
      `é${"a".repeat(16)}`,
      42,
    ]) {
      expectApiError(() => validateIdempotencyKey(key), 400, "invalid_idempotency_key", /Idempotency-Key/);
    }
  });

  it("generates keys that are always valid and distinct", () => {
    const keys = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const key = newIdempotencyKey();
      expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
      expect(key).toHaveLength(32);
      keys.add(key);
    }
    expect(keys.size).toBe(500);
  });

  it("accepts 1..128 printable ASCII project references", () => {
    expect(validateProjectReference("Campaign #4 / spring")).toBe("Campaign #4 / spring");
    expect(() => validateProjectReference("~".repeat(128))).not.toThrow();
    for (const ref of ["", "x".repeat(129), "tab\there", "café", "line\n"]) {
      expectApiError(() => validateProjectReference(ref), 400, "invalid_request", /X-Project-Reference/);
    }
  });
});

describe("upload size", () => {
  it("refuses uploads above max_upload_kb with 413", () => {
    expect(() => validateUploadSize(1024 * 100, 100)).not.toThrow();
    expectApiError(() => validateUploadSize(1024 * 100 + 1, 100), 413, "invalid_request", /file.*100 KB/);
    expect(() => validateUploadSize(10 ** 9, undefined)).not.toThrow();
  });
});
