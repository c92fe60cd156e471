// A snapshot plus an append-only journal of the changes since: the durable form of state that must
// change together (credits and the work they pay for). Every change recorded in one synchronous step
// of the server is written as one line, so a crash at any moment leaves the whole step or none of it.
//
// Files, for the name "work":
//   work.snapshot.json  {"version":1,"seq":N,"document":...}, written to a temporary file and renamed
//   work.journal        one line per step after the snapshot: {"seq":n,"ops":[...]}
// At start: the snapshot, then every line whose seq is above the snapshot's, in order.
// - A last line that is cut short or does not parse is the write a crash interrupted (the normal
//   crash case): it is cut off the file, and a line on stderr says so. Nothing else was lost.
// - A bad line with good lines after it, or a snapshot that does not parse, is damage: StateFileError,
//   and the server does not start over it.
//
// Durability: a step's line goes out in one write() at the end of the step's turn of the event loop,
// before its answer can leave the process, so a killed process loses nothing it answered for. The
// file is fsynced at most once a second, and at every compaction and close: a power cut loses at most
// the last second. Compaction rewrites the snapshot and empties the journal once the journal passes
// COMPACT_BYTES, and at start and close; between compactions a change costs one short line.

import {
  closeSync,
  fsync,
  fsyncSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { type BackgroundInterval, backgroundInterval } from "./background-interval";
import { readJsonState } from "./json-file";
import { problemOf, StateFileError } from "./state-file-error";

/** Journal size past which the snapshot is rewritten and the journal emptied. */
export const COMPACT_BYTES = 4 * 1024 * 1024;
const FSYNC_EVERY_MS = 1000;

export interface JournalFormat<Document, Op> {
  /** The document before anything was recorded (first start). */
  empty(): Document;
  /** A snapshot's document as read back; throws (a message) when it is not one. */
  load(stored: unknown): Document;
  /** Applies one recorded op; throws (a message) when it is not one. */
  apply(document: Document, op: Op): void;
}

interface Line {
  seq: number;
  ops: unknown[];
}

export class Journal<Document, Op> {
  readonly snapshotPath: string;
  readonly journalPath: string;
  /** The state as the last run left it: owners build their in-memory stores from it. */
  readonly document: Document;
  private readonly fd: number;
  private seq = 0;
  private size = 0;
  private batch: Op[] = [];
  private writeQueued = false;
  private unsynced = false;
  private closed = false;
  private snapshot: (() => unknown) | undefined;
  private readonly syncTimer: BackgroundInterval;

  /**
   * Reads the snapshot and replays the journal (StateFileError when either is damaged). `initial`
   * supplies the document when there is no snapshot yet (e.g. state imported from older files).
   */
  constructor(dir: string, name: string, format: JournalFormat<Document, Op>, initial?: () => Document) {
    mkdirSync(dir, { recursive: true });
    this.snapshotPath = join(dir, `${name}.snapshot.json`);
    this.journalPath = join(dir, `${name}.journal`);
    const stored = readJsonState(this.snapshotPath);
    if (stored === undefined) this.document = initial?.() ?? format.empty();
    else {
      const snapshot = stored as { version?: unknown; seq?: unknown; document?: unknown };
      if (snapshot?.version !== 1 || !Number.isSafeInteger(snapshot.seq)) {
        throw new StateFileError(this.snapshotPath, "it is not a snapshot of this version");
      }
      try {
        this.document = format.load(snapshot.document);
      } catch (error) {
        throw new StateFileError(this.snapshotPath, problemOf(error));
      }
      this.seq = snapshot.seq as number;
    }
    const goodLength = this.replay(format);
    this.fd = openSync(this.journalPath, "a", 0o600);
    ftruncateSync(this.fd, goodLength); // drops a torn last line, if any
    this.size = goodLength;
    this.syncTimer = backgroundInterval(() => this.syncSoon(), FSYNC_EVERY_MS);
  }

  /** False once closed: nothing recorded after that reaches the disk. */
  get isOpen(): boolean {
    return !this.closed;
  }

  /** Where compaction gets the whole state from (the live stores, which the replay fed). */
  snapshotFrom(snapshot: () => unknown): void {
    this.snapshot = snapshot;
  }

  /**
   * Records one change. Every change recorded in the same synchronous step is written as one line
   * when the step ends, so a charge and the job it pays for are on disk together or not at all.
   * After close nothing is recorded: a step that ends then is lost whole, never half.
   */
  record(op: Op): void {
    if (this.closed) return;
    this.batch.push(op);
    if (!this.writeQueued) {
      this.writeQueued = true;
      queueMicrotask(() => this.writeBatch());
    }
  }

  /** Rewrites the snapshot from the live state and empties the journal; false when it could not. */
  compact(): boolean {
    if (this.closed || !this.snapshot) return false;
    this.writeBatch();
    try {
      const temp = `${this.snapshotPath}.${process.pid}.tmp`;
      writeFileSync(temp, JSON.stringify({ version: 1, seq: this.seq, document: this.snapshot() }), {
        mode: 0o600,
      });
      syncPath(temp, "r+");
      renameSync(temp, this.snapshotPath);
      syncDirectory(dirname(this.snapshotPath));
      // A crash before this truncation replays nothing twice: lines at or below seq are skipped.
      ftruncateSync(this.fd, 0);
      this.size = 0;
      this.unsynced = false;
      // Ops whose line could not be written are in the snapshot (it is the live state): writing
      // them after it would apply them twice.
      this.batch = [];
      return true;
    } catch (error) {
      // The journal still holds every step, so nothing is lost; the next compaction tries again.
      console.error(`local-api: could not write ${this.snapshotPath}: ${problemOf(error)}`);
      return false;
    }
  }

  /** Writes what is pending and fsyncs it. */
  flush(): void {
    if (this.closed) return;
    this.writeBatch();
    fsyncSync(this.fd);
    this.unsynced = false;
  }

  /** Compacts, then closes the file: later changes are not recorded. */
  close(): void {
    if (this.closed) return;
    this.compact();
    this.flush();
    this.closed = true;
    this.syncTimer.stop();
    closeSync(this.fd);
  }

  private writeBatch(): void {
    this.writeQueued = false;
    if (this.batch.length === 0 || this.closed) return;
    const ops = this.batch;
    this.batch = [];
    const line = Buffer.from(`${JSON.stringify({ seq: this.seq + 1, ops })}\n`);
    try {
      for (let written = 0; written < line.length; ) {
        written += writeSync(this.fd, line, written, line.length - written);
      }
    } catch (error) {
      // Cut any partial line off and keep the ops for the next step's write (e.g. a full disk).
      console.error(`local-api: could not write ${this.journalPath}: ${problemOf(error)}`);
      try {
        ftruncateSync(this.fd, this.size);
      } catch {}
      this.batch = [...ops, ...this.batch];
      return;
    }
    this.seq += 1;
    this.size += line.length;
    this.unsynced = true;
    if (this.size > COMPACT_BYTES) this.compact();
  }

  private syncSoon(): void {
    if (!this.unsynced || this.closed) return;
    this.unsynced = false;
    fsync(this.fd, () => {}); // a failed fsync is retried by the next compaction's
  }

  /** Applies the journal's lines to the document; returns the length of its whole lines. */
  private replay(format: JournalFormat<Document, Op>): number {
    let bytes: Buffer;
    try {
      bytes = readFileSync(this.journalPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw new StateFileError(this.journalPath, problemOf(error));
    }
    let start = 0;
    let lineNumber = 0;
    while (start < bytes.length) {
      lineNumber += 1;
      const end = bytes.indexOf(10, start);
      const line = end === -1 ? undefined : parseLine(bytes.toString("utf8", start, end));
      if (!line) {
        const isLast = end === -1 || bytes.subarray(end + 1).every((byte) => byte === 10);
        if (!isLast) {
          throw new StateFileError(
            this.journalPath,
            `line ${lineNumber} is not a whole record, and more lines follow it`,
          );
        }
        console.error(
          `local-api: ${this.journalPath}: dropped a torn last line (${bytes.length - start} bytes), the write a crash cut short; nothing before it was lost.`,
        );
        return start;
      }
      if (line.seq > this.seq) {
        if (line.seq !== this.seq + 1) {
          throw new StateFileError(this.journalPath, `line ${lineNumber} skips from step ${this.seq}`);
        }
        try {
          for (const op of line.ops) format.apply(this.document, op as Op);
        } catch (error) {
          throw new StateFileError(this.journalPath, `line ${lineNumber}: ${problemOf(error)}`);
        }
        this.seq = line.seq;
      }
      start = end + 1;
    }
    return start;
  }
}

function parseLine(text: string): Line | undefined {
  try {
    const line = JSON.parse(text) as Line;
    return Number.isSafeInteger(line?.seq) && Array.isArray(line.ops) ? line : undefined;
  } catch {
    return undefined;
  }
}

function syncPath(path: string, flags: string): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Makes a rename durable; some platforms cannot open a folder for this, and then it is skipped. */
function syncDirectory(dir: string): void {
  try {
    syncPath(dir, "r");
  } catch {}
}
