// Whether a failed piece of work cost anything, as the spec says: refused work (4xx), failed
// conversions (500, 504) and FAILED tasks are not charged. Some outcomes leave it open: the request may
// have been charged before its answer was lost, or the first run with the key was.

import type { UiError } from "../errors/ui-error";

/** The work may still be running or charged: nothing came back that says how it ended. */
const STILL_OPEN: readonly string[] = [
  "network_error",
  "offline",
  "aborted",
  "poll_timeout",
  "timeout",
  "idempotency_in_progress",
];

const UNKNOWN = new Set([
  ...STILL_OPEN,
  // The first run with the key delivered its file and was charged; this answer itself costs nothing.
  "idempotency_already_completed",
]);

export function isNotCharged(error: UiError): boolean {
  return !UNKNOWN.has(error.reason);
}

/**
 * Outcomes that end nothing: the work may still be running or charged (an original still in flight
 * included), so its record is kept and the next start sends or follows it again.
 */
export function leavesWorkOpen(error: UiError): boolean {
  return STILL_OPEN.includes(error.reason);
}
