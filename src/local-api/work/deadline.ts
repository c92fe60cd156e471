// A time limit on one piece of work. The libraries behind the synchronous conversions cannot be
// interrupted, so the caller stops waiting and answers 504; the abandoned work finishes unobserved
// and its output is dropped (Lottie renders, which run in a worker, are stopped by their own signal).

import { EngineError } from "../engines";

export async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new EngineError("conversion_timeout", `${what} did not finish within ${ms / 1000} s.`)),
      ms,
    );
  });
  work.catch(() => {}); // a rejection after the deadline has nobody left to tell
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
