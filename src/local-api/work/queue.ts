// Bounded concurrency for the CPU-heavy work that runs off the request path (Lottie renders, local
// AI tools): at most `concurrency` run at once, the rest wait in order, so a burst of submissions
// queues instead of starving the server's request handling on a small machine.

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

  /** Resolves once nothing runs or waits (shutdown: let renders finish writing before state goes). */
  async idle(): Promise<void> {
    while (this.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  /** Runs `work` once a slot is free; `onStart` fires as it leaves the line (e.g. to mark "processing"). */
  async run<T>(work: () => Promise<T>, onStart?: () => void): Promise<T> {
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
