// A JSON document kept in the state folder (rate-limit windows, the signing key). Writes go to a
// temporary file renamed over the old one, so a crash leaves either the old or the new state, never
// half of one; writes are queued one at a time and coalesced, so a burst of changes costs one write of
// the latest snapshot. A file that is there but unreadable is never taken for "no file": loading it
// throws StateFileError, and the server does not start over it.

import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { problemOf, StateFileError } from "./state-file-error";

/** The file's JSON; undefined only when there is no file; StateFileError when it cannot be parsed. */
export function readJsonState(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new StateFileError(path, problemOf(error));
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new StateFileError(path, text.length === 0 ? "it is empty" : problemOf(error));
  }
}

export class JsonStateFile<T> {
  readonly path: string;
  private pending: (() => T) | undefined;
  private writing: Promise<void> | undefined;

  constructor(dir: string, name: string) {
    mkdirSync(dir, { recursive: true });
    this.path = join(dir, name);
  }

  /**
   * The stored document, or `fallback` when there is no file yet (first start). A file that does not
   * parse, or that `isValid` rejects, throws StateFileError.
   */
  load(fallback: T, isValid: (value: unknown) => value is T = (_: unknown): _ is T => true): T {
    const stored = readJsonState(this.path);
    if (stored === undefined) return fallback;
    if (!isValid(stored)) throw new StateFileError(this.path, "its content is not what this file holds");
    return stored;
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
