// Figures in the bench table are medians of repeated runs with their spread, never single runs.

export function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return sorted[low] + (sorted[high] - sorted[low]) * (position - low);
}

/** Median, p99 and the interquartile range of a list of samples. */
export function summarise(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    runs: sorted.length,
    median: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    q1: quantile(sorted, 0.25),
    q3: quantile(sorted, 0.75),
    min: sorted[0],
    max: sorted[sorted.length - 1],
  };
}

/** Runs `fn` `runs` times (after `warmup` unmeasured runs) and summarises the milliseconds each took. */
export async function timeRuns(fn, { runs = 20, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}
