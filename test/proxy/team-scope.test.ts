// The stateless binding of ids and result links to a team (signing/team-scope.ts): what one label is
// given, only that label gets back; nothing altered, cut or made under another key passes.

import { describe, expect, it } from "vitest";
import { createTeamScope, scopeSecret } from "../../src/proxy/signing/team-scope";

const scope = createTeamScope(scopeSecret("k".repeat(40), undefined));
const ID = "5f0c2a1e-8b7d-4c3e-9a6f-1d2e3f4a5b6c";
const URL_ = "https://files.example.test/results/abc.gif?sig=xyz&exp=1";

describe("team scope", () => {
  it("gives back a wrapped id only to its label and kind", async () => {
    const wrapped = await scope.wrap("job", "design", ID);
    expect(wrapped.startsWith(`${ID}.`)).toBe(true);
    expect(wrapped).toMatch(/^[A-Za-z0-9._~-]{1,128}$/);
    expect(await scope.unwrap("job", "design", wrapped)).toBe(ID);
    expect(await scope.unwrap("job", "marketing", wrapped)).toBeUndefined();
    expect(await scope.unwrap("task", "design", wrapped)).toBeUndefined();
    expect(await scope.unwrap("job", "design", ID)).toBeUndefined();
    expect(await scope.unwrap("job", "design", wrapped.slice(0, -1))).toBeUndefined();
    expect(await scope.unwrap("job", "design", `x${wrapped}`)).toBeUndefined();
    // The same id, label and key always give the same form (a poll's id is stable).
    expect(await scope.wrap("job", "design", ID)).toBe(wrapped);
  });

  it("does not accept a form made under another key", async () => {
    const other = createTeamScope(scopeSecret(undefined, "another-client-secret"));
    expect(await scope.unwrap("job", "design", await other.wrap("job", "design", ID))).toBeUndefined();
    expect(await scope.open("design", await other.seal("design", URL_))).toBeUndefined();
  });

  it("scopes an Idempotency-Key to its label, within the spec's form", async () => {
    const key = "client-key-0123456789";
    const mine = await scope.idempotencyKey("design", key);
    expect(mine).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(mine).toBe(await scope.idempotencyKey("design", key));
    expect(mine).not.toBe(await scope.idempotencyKey("marketing", key));
    expect(mine).not.toContain(key);
  });

  it("seals a link that only its label opens, and hides the URL", async () => {
    const token = await scope.seal("design", URL_);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain("files.example");
    expect(await scope.open("design", token)).toBe(URL_);
    expect(await scope.open("marketing", token)).toBeUndefined();
    const flipped = `${token.slice(0, 20)}${token[20] === "A" ? "B" : "A"}${token.slice(21)}`;
    expect(await scope.open("design", flipped)).toBeUndefined();
    for (const junk of ["", "not base64!", "AAAA", "A".repeat(9000)])
      expect(await scope.open("design", junk)).toBeUndefined();
  });
});
