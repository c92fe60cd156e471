// One deadline and one cancel signal for a whole job (render and encode), so a caller's timeout means
// "the answer or an error within this time", whatever stage the job is in.

import { EngineError } from "../errors";

export interface Deadline {
  /** Aborts when the caller cancels or the time is up; its reason is the EngineError to report. */
  signal: AbortSignal;
  /** Resolves with the work's result, or rejects as soon as the signal aborts. */
  race<T>(work: Promise<T>): Promise<T>;
  dispose(): void;
}

export function startDeadline(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new EngineError("conversion_timeout", `The conversion took longer than ${timeoutMs} ms.`),
      ),
    timeoutMs,
  );
  const onOuterAbort = () => controller.abort(new EngineError("aborted", "The conversion was cancelled."));
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener("abort", onOuterAbort, { once: true });
  const { signal } = controller;
  return {
    signal,
    race: (work) =>
      new Promise((resolve, reject) => {
        if (signal.aborted) return reject(signal.reason);
        const onAbort = () => reject(signal.reason);
        signal.addEventListener("abort", onAbort, { once: true });
        work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
      }),
    dispose() {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onOuterAbort);
    },
  };
}
