// The service's answer body as the proxy reads or passes it on. Two failures of a body that has
// started are made plain: one cut off mid-way fails as 502 network_error, and one that stops flowing
// for the upstream deadline fails as 504 upstream_timeout and lets the service's connection go.
// Without the second, a service that sends its status line and then nothing held the proxy's read
// (signed search answers, the read cache, error envelopes) and the caller's request forever.
// The clock runs only while the body is being read: a slow caller is never the service's fault.

import { ApiError } from "../api/contract/errors";

export function cutOffError(cause: unknown): ApiError {
  return new ApiError(502, "network_error", "The asset service's answer was cut off.", { cause });
}

export function stalledError(timeoutMs: number): ApiError {
  return new ApiError(
    504,
    "upstream_timeout",
    `The asset service stopped sending its answer for ${Math.round(timeoutMs / 1000)} s.`,
  );
}

/** `abort` lets the service's connection go once the body has stalled. */
export function guardedBody(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  abort: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const stalled = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(stalledError(idleMs)), idleMs);
        });
        try {
          const { done, value } = await Promise.race([reader.read(), stalled]);
          if (done) out.close();
          else out.enqueue(value);
        } catch (error) {
          if (error instanceof ApiError) {
            abort();
            reader.cancel(error).catch(() => undefined);
            out.error(error);
          } else {
            out.error(cutOffError(error));
          }
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
