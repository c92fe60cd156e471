// One server per state folder. Two processes on one folder (`npm start` and `npm run local-api` both
// default to .local-api-state) would each append the same step numbers to the journal and each
// compact over the other's snapshot: charges and keys lost without a word. So the folder is locked
// with a pid file created exclusively (O_EXCL), and a second server refuses to start.
//
// A server killed with SIGKILL leaves its lock behind. A lock whose process is gone is stale and is
// taken over, so a crash never blocks the next start. (Two servers starting at the same instant over
// one stale lock could both take it over; the window is the few microseconds between reading the
// stale pid and replacing the file, and the message below names the file for that rare case.)

import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { problemOf } from "./state-file-error";

export const LOCK_FILE = "server.lock";

/** The state folder is held by a running server: the start is refused. */
export class StateLockError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the state folder ${dir} is in use by another running server (pid ${pid}, lock ${join(dir, LOCK_FILE)}); stop that one, or start this one on another state folder.`,
    );
    this.name = "StateLockError";
  }
}

export interface StateLock {
  /** Removes the lock (only if it is still this process's). */
  release(): void;
}

/** Whether a process with this pid runs now (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The pid a lock file names, or undefined when it names none (a write cut short: stale). */
function pidIn(path: string): number | undefined {
  try {
    const pid = Number(readFileSync(path, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function createExclusive(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Locks `dir` for this process; StateLockError when a running server holds it. A lock held by this
 * very process counts as held too: two instances in one process corrupt the record just the same.
 */
export function lockStateFolder(dir: string): StateLock {
  const path = join(dir, LOCK_FILE);
  if (!createExclusive(path)) {
    const pid = pidIn(path);
    if (pid !== undefined && isRunning(pid)) throw new StateLockError(dir, pid);
    // Stale: its server is gone. Replace it in one rename, so no moment exists without a lock.
    const temp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(temp, `${process.pid}\n`, { mode: 0o600 });
      if (pidIn(path) !== pid) throw new StateLockError(dir, pidIn(path) ?? 0); // taken meanwhile
      renameSync(temp, path);
    } catch (error) {
      rmSync(temp, { force: true });
      if (error instanceof StateLockError) throw error;
      throw new Error(`could not lock the state folder ${dir}: ${problemOf(error)}`);
    }
    console.error(
      `local-api: took over the lock of ${dir} from pid ${pid ?? "unknown"}, which is no longer running.`,
    );
  }
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      if (pidIn(path) === process.pid) rmSync(path, { force: true });
    },
  };
}
