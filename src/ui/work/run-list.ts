// The runs the tabs show, newest first: added when work starts or is resumed, patched as it moves.

import { signal } from "@preact/signals";
import type { WorkResult, WorkRun } from "./work-types";

export function createRunList() {
  const runs = signal<WorkRun[]>([]);
  const find = (key: string) => runs.peek().find((run) => run.key === key);
  return {
    runs,
    find,
    add(run: WorkRun): WorkRun {
      runs.value = [run, ...runs.peek().filter((r) => r.key !== run.key)];
      return run;
    },
    patch(key: string, patch: Partial<WorkRun>): WorkRun | undefined {
      const run = find(key);
      if (!run) return undefined;
      const next = { ...run, ...patch };
      runs.value = runs.peek().map((r) => (r.key === key ? next : r));
      return next;
    },
    /** Adds a result or replaces the one with the same id. */
    putResult(key: string, result: WorkResult): void {
      const run = find(key);
      if (!run) return;
      const known = run.results.some((r) => r.id === result.id);
      const results = known
        ? run.results.map((r) => (r.id === result.id ? result : r))
        : [...run.results, result];
      runs.value = runs.peek().map((r) => (r.key === key ? { ...r, results } : r));
    },
    remove(key: string): void {
      runs.value = runs.peek().filter((run) => run.key !== key);
    },
  };
}

export type RunList = ReturnType<typeof createRunList>;
