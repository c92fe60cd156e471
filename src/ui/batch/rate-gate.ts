// One gate for a batch's requests: a 429 rate_limit_exceeded closes it for the Retry-After the service
// gave, so every layer waits (not only the one refused), then the refused request goes again with the
// same key. A refusal is not charged, so sending again is safe.
import { toUiError } from "../errors/ui-error";

const DEFAULT_WAIT_S = 5;
/** Refusals in a row for one request before the layer fails (the service keeps refusing). */
const MAX_REFUSALS = 20;

export function createRateGate(wait: (ms: number) => Promise<void>) {
  let closed: Promise<void> | null = null;
  let waits = 0;

  function closeFor(seconds: number): Promise<void> {
    if (!closed) {
      waits += 1;
      closed = wait(seconds * 1000).finally(() => {
        closed = null;
      });
    }
    return closed;
  }

  return {
    /** How many times the batch waited for a rate limit. */
    get waits() {
      return waits;
    },
    /** Sends when the gate is open; a 429 waits its Retry-After and sends again. */
    async send<T>(request: () => Promise<T>): Promise<T> {
      for (let refusals = 0; ; refusals++) {
        while (closed) await closed;
        try {
          return await request();
        } catch (error) {
          const why = toUiError(error);
          if (why.reason !== "rate_limit_exceeded" || refusals >= MAX_REFUSALS) throw error;
          await closeFor(why.retryAfterSeconds ?? DEFAULT_WAIT_S);
        }
      }
    },
  };
}

export type RateGate = ReturnType<typeof createRateGate>;
