// A state file that exists but cannot be read back (truncated, not JSON, the wrong shape). Starting
// anyway would replace it with empty state: usage back to zero, old keys charged again, the evidence
// overwritten. So the server refuses to start and says which file and what the operator can do.

export class StateFileError extends Error {
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(
      `state file ${path} is damaged (${problem}); nothing was changed. Restore it from a backup, or move it aside (mv ${path} ${path}.damaged) to start without what it held.`,
    );
    this.name = "StateFileError";
  }
}

/** The message of a JSON.parse failure, or of anything else thrown while reading. */
export function problemOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
