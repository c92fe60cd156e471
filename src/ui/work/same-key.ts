// Sending a paid request again after a lost answer, always with the same Idempotency-Key: the service
// then answers the original run (its job, its tasks, or a 409 that says what became of it) instead of
// doing and charging the work twice.

import { toUiError } from "../errors/ui-error";
import { isWorthRetrying } from "./charges";

export interface SameKeyOptions {
  /** Sends beyond the first. */
  retries: number;
  /** Wait before the n-th retry when the answer gave no Retry-After. */
  delayMs: (attempt: number) => number;
}

/** About 20 s in all: long enough for a synchronous conversion still running under the same key. */
export const DEFAULT_SAME_KEY: SameKeyOptions = { retries: 6, delayMs: (attempt) => 1000 * attempt };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `send` must reuse its key on every call; this only decides whether and when to call it again. */
export async function withSameKey<T>(send: () => Promise<T>, options = DEFAULT_SAME_KEY): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (error) {
      const why = toUiError(error);
      if (attempt > options.retries || !isWorthRetrying(why)) throw error;
      await pause(
        why.retryAfterSeconds !== undefined ? why.retryAfterSeconds * 1000 : options.delayMs(attempt),
      );
    }
  }
}
