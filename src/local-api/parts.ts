// For tests and benches only: the internal parts of a running local API that they inspect or hold
// (the ledger's events, the work records, the queue's slots, an account to switch off mid-test, the
// catalogue and the reverse index to warm). A host never needs these: it has describe(),
// firstAccount() and warm() on LocalApi, and behaviour is checked over the HTTP routes. The parts
// stay out of the LocalApi value itself, so nothing that merely holds an instance can reach in.

import type { LocalApiDeps } from "./http/context";

/** The parts tests and benches may reach; everything else stays inside the instance. */
export type LocalApiParts = Pick<
  LocalApiDeps,
  "ledger" | "jobs" | "aiTasks" | "idempotency" | "queue" | "accounts" | "catalog" | "reverse"
>;

const partsOf = new WeakMap<object, LocalApiParts>();

/** Called once by createLocalApi for the instance it returns. */
export function registerLocalApiParts(api: object, parts: LocalApiParts): void {
  partsOf.set(api, parts);
}

/** For tests and benches only: the internal parts of `api`, an instance createLocalApi returned. */
export function localApiParts(api: object): LocalApiParts {
  const parts = partsOf.get(api);
  if (!parts) throw new Error("localApiParts: not an instance made by createLocalApi");
  return parts;
}
