// A token bucket that refills continuously: `perMinute` spends a minute at most, in bursts up to the
// same number. Pure, so the in-process store and the Durable Object spend alike.

export interface Bucket {
  tokens: number;
  updated: number;
}

/** The bucket after one spend at `at`, and the seconds to wait when there was nothing to spend. */
export function spendOne(
  held: Bucket | undefined,
  perMinute: number,
  at: number,
): { bucket: Bucket; waitSeconds?: number } {
  const refillPerMs = perMinute / 60_000;
  const bucket = held ?? { tokens: perMinute, updated: at };
  const tokens = Math.min(perMinute, bucket.tokens + Math.max(0, at - bucket.updated) * refillPerMs);
  if (tokens < 1) {
    return {
      bucket: { tokens, updated: at },
      waitSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerMs / 1000)),
    };
  }
  return { bucket: { tokens: tokens - 1, updated: at } };
}
