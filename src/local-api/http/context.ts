// The parts of one running local API (catalogue, search, accounts, ledger, limiter, signer, renderer
// and the work machinery), and the Hono environment its middlewares fill in. Each route family takes
// only the parts it touches, named next to it (e.g. SearchRouteDeps in routes/search.ts), so that
// what a route can reach is read from its signature.

import type { Account, AccountDirectory } from "../accounts/accounts";
import type { AiProvider } from "../ai/provider";
import type { AiTasks } from "../ai/tasks";
import type { Catalog } from "../catalog/catalog";
import type { ConversionJobs } from "../convert/jobs";
import type { ImageFetcher } from "../net/fetch-image";
import type { OutboundPolicy } from "../net/outbound";
import type { RasterCache } from "../render/rasterise";
import type { ImageHashes } from "../reverse/image-hashes";
import type { ReverseIndex } from "../reverse/reverse-index";
import type { SearchIndex } from "../search/search-index";
import type { CreditLedger } from "../state/ledger";
import type { RateLimiter } from "../state/rate-limiter";
import type { UrlSigner } from "../state/signer";
import type { IdempotencyStore } from "../work/idempotency";
import type { WorkQueue } from "../work/queue";
import type { RepeatLookups } from "../work/repeat-answers";
import type { ResultStore } from "../work/results";

export interface LocalApiDeps {
  catalog: Catalog;
  search: SearchIndex;
  accounts: AccountDirectory;
  ledger: CreditLedger;
  limiter: RateLimiter;
  signer: UrlSigner;
  raster: RasterCache;
  now: () => number;
  /** Absolute base of the URLs the API hands out; the request's own origin when unset. */
  publicBaseUrl?: string;
  /** Read the caller's address from X-Forwarded-For (only behind a proxy that sets it). */
  trustForwardedFor: boolean;
  /** Work off the request path (renders, local AI tools), a few at a time. */
  queue: WorkQueue;
  results: ResultStore;
  idempotency: IdempotencyStore;
  repeatLookups: RepeatLookups;
  jobs: ConversionJobs;
  aiTasks: AiTasks;
  aiProvider?: AiProvider;
  reverse: ReverseIndex;
  imageHashes: ImageHashes;
  fetchImage: ImageFetcher;
  outbound: OutboundPolicy;
  limits: { conversionTimeoutMs: number; renderTimeoutMs: number };
}

/** Passed by @hono/node-server as the second fetch argument; absent in-process. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

export interface LocalApiEnv {
  Bindings: NodeBindings;
  Variables: {
    account: Account;
    /** true when Client-Secret accompanied Client-ID and matched. */
    verified: boolean;
  };
}
