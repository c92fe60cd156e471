// Bounded concurrency for the CPU-heavy work (Lottie renders, local AI tools, and synchronous
// conversions, which share the same slots): at most `concurrency` run at once, the rest wait in order,
// so a burst queues instead of starving the server's request handling on a small machine. A caller
// that waits for its answer (a synchronous conversion) names how long a line it will join: past it
// the work is refused at once (429) rather than queued behind minutes of renders.

import { EngineError } from "../engines";

export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError(`Work concurrency must be a whole number >= 1, got ${concurrency}.`);
    }
  }

  /** Items started and not finished, plus those waiting for a slot. */
  get size(): number {
    return this.running + this.waiting.length;
  }

  /**
   * Runs `work` once a slot is free; `onStart` fires as it leaves the line (e.g. to mark "processing").
   * With `maxWaiting`, throws EngineError rate_limit_exceeded instead of joining a longer line.
   */
  async run<T>(
    work: () => Promise<T>,
    onStart?: () => void,
    maxWaiting = Number.POSITIVE_INFINITY,
  ): Promise<T> {
    if (this.running >= this.concurrency && this.waiting.length >= maxWaiting) {
      throw new EngineError("rate_limit_exceeded", "Every conversion slot is busy; retry shortly.");
    }
    if (this.running >= this.concurrency) {
      await new Promise<void>((resume) => this.waiting.push(resume));
    } else {
      this.running++;
    }
    try {
      onStart?.();
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `running` never dips and overshoots.
      if (next) next();
      else this.running--;
    }
  }
}
