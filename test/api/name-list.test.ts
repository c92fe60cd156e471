// A refusal names at most five unknown fields, each cut short, and counts the rest: a body full of
// made-up names gets a short error, not one as large as itself.

import { describe, expect, it } from "vitest";
import { isApiError } from "../../src/api/contract/errors";
import { validateSearchParams } from "../../src/api/contract/validate/search";
import { parseReverseSearchFields } from "../../src/api/server/reverse-request";

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isApiError(error)) return error.message;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("unknown field names in refusals", () => {
  it("reverse search: 100,000 made-up fields give a message under 400 characters", () => {
    const fields: Record<string, string> = { url: "https://example.com/a.png" };
    for (let i = 0; i < 100_000; i++) fields[`made_up_${i}`] = "x";
    const message = messageOf(() => parseReverseSearchFields(fields));
    expect(message.length).toBeLessThan(400);
    expect(message).toContain("made_up_0, made_up_1, made_up_2, made_up_3, made_up_4 and 99995 more");
  });

  it("cuts a very long name short", () => {
    const message = messageOf(() => parseReverseSearchFields({ [`n${"x".repeat(100_000)}`]: "1" }));
    expect(message.length).toBeLessThan(200);
  });

  it("search parameters: named alike", () => {
    const params: Record<string, string> = { query: "star" };
    for (let i = 0; i < 50; i++) params[`p${i}`] = "1";
    const message = messageOf(() => validateSearchParams(params as never));
    expect(message).toMatch(/p0, p1, p2, p3, p4 and 45 more/);
  });

  it("a few names are all shown", () => {
    expect(messageOf(() => parseReverseSearchFields({ a: "1", b: "2" }))).toMatch(/: a, b\.$/);
  });
});
