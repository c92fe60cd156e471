// The state journal: one line per synchronous step, replayed at start after the snapshot; a torn
// last line (the normal crash case) is dropped and cut off, a bad line with good ones after it is
// damage and refuses the start; a compaction interrupted before the journal was emptied replays
// nothing twice.

import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Journal, type JournalFormat } from "../../src/local-api/state/journal";
import { StateFileError } from "../../src/local-api/state/state-file-error";

interface Tally {
  total: number;
  adds: number;
}
type Add = { add: number };

const FORMAT: JournalFormat<Tally, Add> = {
  empty: () => ({ total: 0, adds: 0 }),
  load: (stored) => {
    const tally = stored as Tally;
    if (!Number.isFinite(tally?.total)) throw new Error("not a tally");
    return { ...tally };
  },
  apply: (tally, op) => {
    if (!Number.isFinite(op?.add)) throw new Error("not an add");
    tally.total += op.add;
    tally.adds += 1;
  },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

/** Opens the journal in `dir` with a live tally that follows every op, like a store would. */
function open(dir: string) {
  const journal = new Journal(dir, "t", FORMAT);
  const live = { ...journal.document };
  journal.snapshotFrom(() => live);
  return {
    journal,
    live,
    add(n: number) {
      live.total += n;
      live.adds += 1;
      journal.record({ add: n });
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const lines = (dir: string) =>
  readFileSync(join(dir, "t.journal"), "utf8")
    .split("\n")
    .filter((line) => line !== "");

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "journal-"));
  dirs.push(dir);
  return dir;
}

describe("the state journal", () => {
  it("writes every op of one synchronous step as one line, and replays them after the snapshot", async () => {
    const dir = tempDir();
    const first = open(dir);
    first.add(1);
    first.add(2); // same step as the first: one line
    await tick();
    first.add(10);
    await tick();
    expect(lines(dir).map((line) => JSON.parse(line).ops)).toEqual([[{ add: 1 }, { add: 2 }], [{ add: 10 }]]);
    // A killed process leaves the journal as it is, with no snapshot: the next start replays it.
    const second = open(dir);
    expect(second.journal.document).toEqual({ total: 13, adds: 3 });
    second.journal.close();
    expect(lines(dir)).toEqual([]); // compacted into the snapshot at close
    const third = open(dir);
    expect(third.journal.document).toEqual({ total: 13, adds: 3 });
    third.journal.close();
  });

  it("drops a torn last line, says so, and keeps appending after the good ones", async () => {
    const dir = tempDir();
    const first = open(dir);
    first.add(5);
    await tick();
    appendFileSync(join(dir, "t.journal"), '{"seq":2,"ops":[{"add":'); // the write a kill cut short
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const second = open(dir);
    expect(second.journal.document).toEqual({ total: 5, adds: 1 });
    expect(errors.mock.calls.join("\n")).toMatch(/dropped a torn last line/);
    second.add(7);
    await tick();
    expect(lines(dir).map((line) => JSON.parse(line).seq)).toEqual([1, 2]);
    expect(open(dir).journal.document).toEqual({ total: 12, adds: 2 });
  });

  it("refuses a bad line with good lines after it, naming the file, and changes nothing", async () => {
    const dir = tempDir();
    const first = open(dir);
    first.add(1);
    await tick();
    appendFileSync(join(dir, "t.journal"), 'garbage\n{"seq":3,"ops":[{"add":1}]}\n');
    const before = readFileSync(join(dir, "t.journal"));
    expect(() => open(dir)).toThrow(StateFileError);
    expect(() => open(dir)).toThrow(/t\.journal is damaged \(line 2 is not a whole record.*move it aside/);
    expect(readFileSync(join(dir, "t.journal")).equals(before)).toBe(true);
  });

  it("refuses a damaged snapshot instead of starting empty", async () => {
    const dir = tempDir();
    const first = open(dir);
    first.add(4);
    first.journal.close();
    const path = join(dir, "t.snapshot.json");
    writeFileSync(path, readFileSync(path, "utf8").slice(0, 20)); // truncated
    expect(() => open(dir)).toThrow(/t\.snapshot\.json is damaged/);
    expect(existsSync(path)).toBe(true);
  });

  it("replays nothing twice when a crash came between the snapshot and emptying the journal", async () => {
    const dir = tempDir();
    const first = open(dir);
    first.add(1);
    await tick();
    first.add(2);
    await tick();
    const journal = readFileSync(join(dir, "t.journal"));
    first.journal.compact(); // the snapshot now holds seq 2 and the journal is empty
    writeFileSync(join(dir, "t.journal"), journal); // as if the truncation never happened
    appendFileSync(join(dir, "t.journal"), `${JSON.stringify({ seq: 3, ops: [{ add: 100 }] })}\n`);
    expect(open(dir).journal.document).toEqual({ total: 103, adds: 3 });
  });

  it("a change costs one short line: the snapshot is not rewritten per change", async () => {
    const dir = tempDir();
    const state = open(dir);
    state.journal.compact();
    const snapshot = readFileSync(join(dir, "t.snapshot.json"), "utf8");
    for (let i = 0; i < 200; i++) {
      state.add(1);
      await tick();
    }
    expect(readFileSync(join(dir, "t.snapshot.json"), "utf8")).toBe(snapshot);
    const written = lines(dir);
    expect(written).toHaveLength(200);
    expect(Math.max(...written.map((line) => line.length))).toBeLessThan(64);
    state.journal.close();
  });

  it("records nothing after close: a step that ends later is lost whole, never half", async () => {
    const dir = tempDir();
    const state = open(dir);
    state.add(1);
    state.journal.close();
    state.add(1000);
    await tick();
    expect(open(dir).journal.document).toEqual({ total: 1, adds: 1 });
  });
});
