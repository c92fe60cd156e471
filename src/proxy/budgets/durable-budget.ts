// The budgets on Cloudflare Workers: one Durable Object per owner (a token's label), reached by name
// from every isolate in every location, so a token's budget holds across all of them, exactly. The
// object runs one request at a time and keeps its buckets in its own storage, so two isolates
// spending at once cannot both take the last one, and an object evicted while idle comes back with
// what was left.
//
// Only the shapes used here are declared: the proxy does not depend on Workers' type package.

import { type Bucket, spendOne } from "./bucket";
import type { BudgetStore } from "./budget-store";

interface DurableObjectStorageLike {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
}

export interface DurableObjectStateLike {
  storage: DurableObjectStorageLike;
}

interface DurableObjectStubLike {
  fetch(input: string, init?: RequestInit): Promise<Response>;
}

export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStubLike;
}

interface TakeRequest {
  bucket: string;
  perMinute: number;
}

/** The Durable Object class (bound as BUDGETS in wrangler.toml; exported by the Worker's entry). */
export class ProxyBudget {
  constructor(private readonly state: DurableObjectStateLike) {}

  async fetch(request: Request): Promise<Response> {
    const { bucket: name, perMinute } = (await request.json()) as TakeRequest;
    const held = await this.state.storage.get<Bucket>(name);
    const { bucket, waitSeconds } = spendOne(held, perMinute, Date.now());
    await this.state.storage.put(name, bucket);
    return Response.json({ waitSeconds: waitSeconds ?? null });
  }
}

export function durableBudgets(namespace: DurableObjectNamespaceLike): BudgetStore {
  return {
    async take({ owner, bucket }, perMinute) {
      const stub = namespace.get(namespace.idFromName(owner));
      const response = await stub.fetch("https://budget/take", {
        method: "POST",
        body: JSON.stringify({ bucket, perMinute } satisfies TakeRequest),
      });
      if (!response.ok) throw new Error(`The budget store answered ${response.status}.`);
      const { waitSeconds } = (await response.json()) as { waitSeconds: number | null };
      return waitSeconds ?? undefined;
    },
  };
}
