// The two files Figma loads, built from the current sources once per test process (so `npm test`
// passes where dist/ is absent or stale). Test files run in parallel processes: the build and the read
// happen under one lock, so no process reads a file while another one is rewriting it.
// A build for given proxy origins (the test stack's: Figma lets the ui reach only the servers the
// build names) goes to a folder of its own, once per list in this process, and needs no lock.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, rmdir, stat } from "node:fs/promises";
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

const forServers = new Map<string, Promise<Dist>>();

/** Builds into a folder of its own, reads both files and removes it: only their text is kept. */
async function buildFor(proxyUrls: readonly string[]): Promise<Dist> {
  const folder = await mkdtemp(join(tmpdir(), "assetport-e2e-dist-"));
  try {
    const { ASSETPORT_PROXY_URL: _one, ...env } = process.env;
    await promisify(execFile)(process.execPath, ["build.mjs", `--outdir=${folder}`], {
      cwd: ROOT,
      env: { ...env, ASSETPORT_PROXY_URLS: proxyUrls.join(",") },
    });
    const [code, html, manifest] = await Promise.all([
      readFile(join(folder, "code.js"), "utf8"),
      readFile(join(folder, "ui.html"), "utf8"),
      readFile(join(folder, "manifest.json"), "utf8"),
    ]);
    return { code, html, manifest: JSON.parse(manifest) as BuiltManifest };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Builds dist/ on first use in this process, or, given proxy origins (the default first), a build for
 * those servers; later calls reuse the same files.
 */
export function builtDist(proxyUrls?: readonly string[]): Promise<Dist> {
  if (proxyUrls === undefined || proxyUrls.length === 0) {
    built ??= build();
    return built;
  }
  const key = proxyUrls.join(",");
  let dist = forServers.get(key);
  if (!dist) {
    dist = buildFor(proxyUrls);
    forServers.set(key, dist);
  }
  return dist;
}
