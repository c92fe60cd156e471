// `npm start`'s local access token: drawn once, kept private and reused across restarts, and baked
// only into a build for a proxy on this machine.

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs module of the build, without declarations
import { bakedTokenFromEnv, localToken } from "../../scripts/local-token.mjs";

const dir = mkdtempSync(join(tmpdir(), "local-token-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("localToken", () => {
  it("draws a long random token once, readable by its owner only, and reuses it", () => {
    const file = join(dir, "state", "proxy-token");
    const first = localToken(file) as string;
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(localToken(file)).toBe(first);
    expect(localToken(join(dir, "other"))).not.toBe(first);
  });

  it("replaces a kept token that is not well-formed", () => {
    const file = join(dir, "short");
    writeFileSync(file, "short\n");
    const token = localToken(file) as string;
    expect(token).not.toBe("short");
    expect(readFileSync(file, "utf8").trim()).toBe(token);
  });
});

describe("bakedTokenFromEnv", () => {
  const token = "a".repeat(43);
  it("bakes nothing unless asked, and the token for a loopback proxy", () => {
    expect(bakedTokenFromEnv({}, "http://localhost:8787")).toBe("");
    for (const origin of ["http://localhost:8787", "http://127.0.0.1:9000", "http://[::1]:8787"])
      expect(bakedTokenFromEnv({ ASSETPORT_LOCAL_TOKEN: token }, origin)).toBe(token);
  });

  it("refuses to bake a token for a proxy elsewhere, or a token that is not one", () => {
    expect(() => bakedTokenFromEnv({ ASSETPORT_LOCAL_TOKEN: token }, "https://assets.example.org")).toThrow(
      /this machine/,
    );
    expect(() => bakedTokenFromEnv({ ASSETPORT_LOCAL_TOKEN: "short" }, "http://localhost:8787")).toThrow(
      /32 to 200/,
    );
  });
});
