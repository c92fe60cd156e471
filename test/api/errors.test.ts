import { describe, expect, it } from "vitest";
import { readRateLimit, readRetryAfter } from "../../src/api/client/headers";
import { readErrorData } from "../../src/api/contract/envelope";
import { ApiError, invalidRequest, isApiError, uploadTooLarge } from "../../src/api/contract/errors";

describe("ApiError", () => {
  it("carries status, reason, message, tasks and the whole data object", () => {
    const error = new ApiError(409, "idempotency_in_progress", "busy", {
      retryAfterSeconds: 3,
      rateLimit: { limit: 10, remaining: 0, reset: 30 },
      data: { reason: "idempotency_in_progress", message: "busy", tasks: ["t1", "t2"], extra: 1 },
    });
    expect(isApiError(error)).toBe(true);
    expect(error).toBeInstanceOf(Error);
    expect(error.tasks).toEqual(["t1", "t2"]);
    expect(error.data.extra).toBe(1);
    expect(error.rateLimit).toEqual({ limit: 10, remaining: 0, reset: 30 });
  });

  it("answers as the v3 envelope, with Retry-After when known", async () => {
    const response = new ApiError(429, "rate_limit_exceeded", "slow down", {
      retryAfterSeconds: 7,
    }).toResponse();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("7");
    expect(readErrorData(await response.json())).toEqual({
      reason: "rate_limit_exceeded",
      message: "slow down",
    });
    const tooLarge = uploadTooLarge("file is too big").toResponse();
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({
      data: { reason: "invalid_request", message: "file is too big" },
    });
    expect(invalidRequest("x").toEnvelope()).toEqual({ data: { reason: "invalid_request", message: "x" } });
  });
});

describe("response headers", () => {
  it("reads X-RateLimit-* and reports none when absent", () => {
    const headers = new Headers({
      "X-RateLimit-Limit": "60",
      "X-RateLimit-Remaining": "59",
      "X-RateLimit-Reset": "1700",
    });
    expect(readRateLimit(headers)).toEqual({ limit: 60, remaining: 59, reset: 1700 });
    expect(readRateLimit(new Headers())).toBeUndefined();
    expect(readRateLimit(new Headers({ "X-RateLimit-Remaining": "junk" }))).toBeUndefined();
  });

  it("reads Retry-After as seconds or as a date", () => {
    expect(readRetryAfter(new Headers({ "Retry-After": "12" }))).toBe(12);
    expect(readRetryAfter(new Headers())).toBeUndefined();
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(readRetryAfter(new Headers({ "Retry-After": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30);
    expect(readRetryAfter(new Headers({ "Retry-After": "soon" }), now)).toBeUndefined();
  });
});
