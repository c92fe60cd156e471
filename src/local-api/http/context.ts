// What every route file receives: the catalogue, search, accounts, ledger, limiter, signer and
// renderer of one running local API, and the Hono environment its middlewares fill in.

import type { Account, AccountDirectory } from "../accounts/accounts";
import type { Catalog } from "../catalog/catalog";
import type { RasterCache } from "../render/rasterise";
import type { SearchIndex } from "../search/search-index";
import type { CreditLedger } from "../state/ledger";
import type { RateLimiter } from "../state/rate-limiter";
import type { UrlSigner } from "../state/signer";

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
