// A JSON document kept in the state folder. Writes go to a temporary file renamed over the old one,
// so a crash leaves either the old or the new state, never half of one; writes are queued one at a
// time and coalesced, so a burst of changes costs one write of the latest snapshot.

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

export class JsonStateFile<T> {
  private readonly path: string;
  private pending: (() => T) | undefined;
  private writing: Promise<void> | undefined;

  constructor(dir: string, name: string) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, name);
  }

  /** The stored document, or `fallback` when there is none or it cannot be read. */
  load(fallback: T): T {
    try {
      return JSON.parse(readFileSync(this.path, "utf8")) as T;
    } catch {
      return fallback;
    }
  }

  /** Schedules a write of `snapshot()` (taken when the write starts, so it is the latest). */
  save(snapshot: () => T): void {
    this.pending = snapshot;
    this.writing ??= this.drain();
  }

  /** Resolves once everything scheduled so far is on disk. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Writes at once, synchronously (first start, e.g. a generated key). */
  writeNow(value: T): void {
    const temp = this.tempPath();
    writeFileSync(temp, JSON.stringify(value), { mode: 0o600 });
    renameSync(temp, this.path);
  }

  /** Unique per write: two instances in one process (tests, restarts) never share a temporary file. */
  private tempPath(): string {
    return `${this.path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending) {
        const snapshot = this.pending;
        this.pending = undefined;
        const temp = this.tempPath();
        await writeFile(temp, JSON.stringify(snapshot()), { mode: 0o600 });
        await rename(temp, this.path);
      }
    } catch (error) {
      // The state stays correct in memory; the next change tries the write again.
      console.error(`local-api: could not write ${this.path}: ${(error as Error).message}`);
    } finally {
      this.writing = undefined;
    }
  }
}
