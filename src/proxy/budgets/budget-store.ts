// Where the proxy's budgets are kept. In one Node process a map is exact; on Workers every isolate
// would keep its own map, so a token could spend its budget once per isolate and location: there the
// store is a Durable Object per owner (durable-budget.ts), which every isolate reaches.

import { type Bucket, spendOne } from "./bucket";

export interface BudgetKey {
  /** Whose budget: a token's label. All of one owner's buckets live together. */
  owner: string;
  /** Which of the owner's buckets (the budget's name, a product family and method class...). */
  bucket: string;
}

export interface BudgetStore {
  /** Spends one from the bucket; undefined when spent, else the seconds until one is there. */
  take(key: BudgetKey, perMinute: number): Promise<number | undefined>;
}

/** Buckets kept past this many owners are forgotten, least recently used first (a full bucket). */
const MAX_BUCKETS = 50_000;

/** The budgets of one process. */
export function memoryBudgets(now: () => number = Date.now): BudgetStore {
  const held = new Map<string, Bucket>();
  return {
    async take({ owner, bucket: name }, perMinute) {
      const key = `${owner}\n${name}`;
      const { bucket, waitSeconds } = spendOne(held.get(key), perMinute, now());
      held.delete(key);
      held.set(key, bucket);
      if (held.size > MAX_BUCKETS) held.delete(held.keys().next().value as string);
      return waitSeconds;
    },
  };
}
