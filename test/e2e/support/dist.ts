// The two files Figma loads, built from the current sources once per test process (so `npm test`
// passes where dist/ is absent or stale). Test files run in parallel processes: the build and the read
// happen under one lock, so no process reads a file while another one is rewriting it.
import { execFile } from "node:child_process";
import { mkdir, readFile, rmdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const ROOT = join(import.meta.dirname, "../../..");
const LOCK = join(tmpdir(), "assetport-e2e-build.lock");
/** A lock older than this was left by a process that died mid-build. */
const STALE_MS = 60_000;

export interface Dist {
  /** dist/code.js: the sandbox. */
  code: string;
  /** dist/ui.html: the iframe. */
  html: string;
  /** manifest.json as the build wrote it (what Figma reads: networkAccess above all). */
  manifest: BuiltManifest;
}

export interface BuiltManifest {
  networkAccess?: { allowedDomains?: string[]; devAllowedDomains?: string[] };
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      await mkdir(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = await stat(LOCK).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > STALE_MS) await rmdir(LOCK).catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    await rmdir(LOCK).catch(() => undefined);
  }
}

async function build(): Promise<Dist> {
  return withLock(async () => {
    await promisify(execFile)(process.execPath, ["build.mjs"], { cwd: ROOT });
    const [code, html, manifest] = await Promise.all([
      readFile(join(ROOT, "dist/code.js"), "utf8"),
      readFile(join(ROOT, "dist/ui.html"), "utf8"),
      readFile(join(ROOT, "manifest.json"), "utf8"),
    ]);
    return { code, html, manifest: JSON.parse(manifest) as BuiltManifest };
  });
}

let built: Promise<Dist> | undefined;

/** Builds dist/ on first use in this process; later calls reuse the same files. */
export function builtDist(): Promise<Dist> {
  built ??= build();
  return built;
}
