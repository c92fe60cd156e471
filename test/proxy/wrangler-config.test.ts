// wrangler.toml against what it deploys: the file `npm run build:worker` writes, the Durable Object
// class that bundle exports under the binding worker.ts reads, settings the proxy really reads, and
// no secret among the plain variables.

import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { buildWorker, WORKER_OUTFILE } from "../../scripts/build-worker.mjs";

const ROOT = join(import.meta.dirname, "../..");
const toml = readFileSync(join(ROOT, "wrangler.toml"), "utf8");
const configSource = readFileSync(join(ROOT, "src/proxy/config.ts"), "utf8");
const SECRETS = ["CLIENT_SECRET", "PROXY_SIGNING_KEY", "PROXY_TOKENS"];

/** `name = "value"` lines of one [section] (comments and other sections left out). */
function section(name: string): Record<string, string> {
  const start = toml.indexOf(`\n${name}\n`);
  const body = start < 0 ? "" : toml.slice(start + name.length + 2).split(/\n\[/)[0]!;
  const entries = [...body.matchAll(/^([A-Za-z_]+)\s*=\s*("[^"]*"|\[[^\]]*\]|\S+)/gm)];
  return Object.fromEntries(entries.map((m) => [m[1]!, m[2]!.replace(/^"|"$/g, "")]));
}
const top = Object.fromEntries(
  [...toml.split(/\n\[/)[0]!.matchAll(/^([a-z_]+)\s*=\s*"?([^"\n]*)"?/gm)].map((m) => [m[1]!, m[2]!.trim()]),
);

describe("wrangler.toml", () => {
  it("deploys the file the build writes, as it is", () => {
    expect(top.main).toBe(relative(ROOT, WORKER_OUTFILE));
    expect(top.no_bundle).toBe("true");
    expect(section("[build]").command).toBe("npm run build:worker");
  });

  it("binds BUDGETS to the Durable Object class the bundle exports", async () => {
    const binding = section("[[durable_objects.bindings]]");
    expect(binding).toEqual({ name: "BUDGETS", class_name: "ProxyBudget" });
    expect(section("[[migrations]]").new_sqlite_classes).toBe('["ProxyBudget"]');
    const { outfile } = (await buildWorker()) as { outfile: string };
    const bundle = (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
    expect(typeof bundle.ProxyBudget).toBe("function");
    expect(readFileSync(join(ROOT, "src/proxy/worker.ts"), "utf8")).toContain("env.BUDGETS");
  });

  it("names only settings the proxy reads, and no secret among them", () => {
    const vars = Object.keys(section("[vars]"));
    expect(vars.length).toBeGreaterThan(5);
    for (const name of vars) expect(configSource, name).toContain(`"${name}"`);
    for (const secret of SECRETS) {
      expect(vars).not.toContain(secret);
      expect(toml).toContain(`#   ${secret} `);
    }
  });

  // What `wrangler deploy` does before it uploads, without an account or the network: runs the
  // build command, reads every binding and variable, and writes the bundle it would upload.
  it("passes wrangler's own dry run, which uploads the built bundle unchanged", async () => {
    const outdir = mkdtempSync(join(tmpdir(), "assetport-wrangler-"));
    try {
      const { stdout } = await promisify(execFile)(
        join(ROOT, "node_modules/.bin/wrangler"),
        ["deploy", "--dry-run", "--outdir", outdir],
        {
          cwd: ROOT,
          env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
          timeout: 120_000,
        },
      );
      expect(stdout).toContain("BUDGETS: ProxyBudget");
      expect(stdout).toContain("--dry-run: exiting now.");
      expect(readFileSync(join(outdir, "proxy.js"), "utf8")).toContain(
        readFileSync(WORKER_OUTFILE, "utf8").slice(0, 2000),
      );
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  }, 150_000);
});
