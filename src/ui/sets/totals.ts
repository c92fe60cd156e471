// How many assets a variant of the search finds, read from a small page's `total` (the spec has no
// facet endpoint). Answers are cached per search (LRU, bounded) and at most a few requests are in
// flight at once, so counting sets or styles never crowds out the search the designer waits for.

import type { Asset, SearchParams } from "../../api/contract/spec-objects";
import { queryKey } from "../search/query-key";
import type { SearchApi } from "../search/search-store";
import { COUNTS_IN_FLIGHT } from "./home-searches";

export interface Probe {
  total: number;
  /** The page's assets: sample pictures, and the sets they belong to. */
  items: Asset[];
}

export interface TotalsOptions {
  api: () => SearchApi;
  maxInFlight?: number;
  maxCached?: number;
}

export function createTotals(options: TotalsOptions) {
  const maxInFlight = options.maxInFlight ?? COUNTS_IN_FLIGHT;
  const maxCached = options.maxCached ?? 300;
  const cache = new Map<string, Probe>();
  let inFlight = 0;
  const waiting: (() => void)[] = [];

  function acquire(signal: AbortSignal): Promise<void> {
    if (inFlight < maxInFlight) {
      inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const go = () => {
        signal.removeEventListener("abort", stop);
        inFlight++;
        resolve();
      };
      const stop = () => {
        const at = waiting.indexOf(go);
        if (at >= 0) waiting.splice(at, 1);
        reject(signal.reason ?? new DOMException("aborted", "AbortError"));
      };
      signal.addEventListener("abort", stop, { once: true });
      waiting.push(go);
    });
  }

  function release() {
    inFlight--;
    waiting.shift()?.();
  }

  /** A request under way, shared by everyone who asked for it. */
  interface Shared {
    askers: number;
    abort: AbortController;
    answer: Promise<Probe>;
  }
  const pending = new Map<string, Shared>();

  async function ask(key: string, params: SearchParams, signal: AbortSignal): Promise<Probe> {
    await acquire(signal);
    try {
      signal.throwIfAborted();
      const answer = await options.api().search({ ...params, page: 1 }, { signal });
      const probe = { total: answer.total, items: answer.data };
      cache.set(key, probe);
      if (cache.size > maxCached) cache.delete(cache.keys().next().value as string);
      return probe;
    } finally {
      release();
    }
  }

  return {
    /** The answer cached for these params, if any (no request). */
    cached(params: SearchParams): Probe | undefined {
      return cache.get(queryKey(params));
    },
    async probe(params: SearchParams, signal: AbortSignal): Promise<Probe> {
      const key = queryKey(params);
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      signal.throwIfAborted();
      // Asked again while on its way (the home's card and its set's ratio ask one page): one request,
      // which stops only once every asker has given up on it.
      let shared = pending.get(key);
      if (!shared) {
        const abort = new AbortController();
        const made: Shared = { askers: 0, abort, answer: ask(key, params, abort.signal) };
        const done = () => {
          if (pending.get(key) === made) pending.delete(key);
        };
        made.answer.then(done, done);
        pending.set(key, made);
        shared = made;
      }
      const joined = shared;
      joined.askers++;
      return new Promise<Probe>((resolve, reject) => {
        const leave = () => {
          if (--joined.askers === 0) {
            joined.abort.abort();
            // Given up: whoever asks next asks afresh, not the request being stopped.
            if (pending.get(key) === joined) pending.delete(key);
          }
          reject(signal.reason ?? new DOMException("aborted", "AbortError"));
        };
        signal.addEventListener("abort", leave, { once: true });
        joined.answer.then(
          (probe) => {
            signal.removeEventListener("abort", leave);
            resolve(probe);
          },
          (error) => {
            signal.removeEventListener("abort", leave);
            reject(error);
          },
        );
      });
    },
    /** Another server: what the old one said no longer holds. */
    clear() {
      cache.clear();
    },
    /** Requests under way now (for tests: never more than the bound). */
    get inFlight() {
      return inFlight;
    },
  };
}

export type Totals = ReturnType<typeof createTotals>;
