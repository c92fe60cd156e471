import { describe, expect, it } from "vitest";
import { accountOf } from "../../../src/ui/downloads/account-id";

describe("account id", () => {
  it("is FNV-1a 64 of the token (published test vectors), never the token", () => {
    expect(accountOf("a")).toBe("af63dc4c8601ec8c");
    expect(accountOf("foobar")).toBe("85944171f73967e8");
    const token = "design-team-token-0123456789";
    expect(accountOf(token)).toMatch(/^[0-9a-f]{16}$/);
    expect(accountOf(token)).not.toContain("design");
  });

  it("tells two tokens apart and says nothing for no token", () => {
    expect(accountOf("token-one")).not.toBe(accountOf("token-two"));
    expect(accountOf("")).toBe("");
  });
});
