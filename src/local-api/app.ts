// The embedded v3 service as one fetch handler: the catalogue, accounts, ledger, limiter and signer
// of one instance, and the route families composed in front of an error boundary. Later route
// families (conversions, AI, reverse search) join ROUTE_FAMILIES with the same deps.

import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { type AccountsFile, loadAccounts } from "./accounts/accounts";
import { buildCatalog } from "./catalog/catalog";
import type { LocalApiDeps, LocalApiEnv, NodeBindings } from "./http/context";
import { answerError, answerNotFound } from "./http/errors";
import { RasterCache } from "./render/rasterise";
import { creditRoutes } from "./routes/credits";
import { downloadRoutes } from "./routes/download";
import { fileRoutes } from "./routes/files";
import { itemRoutes } from "./routes/items";
import { searchRoutes } from "./routes/search";
import { SearchIndex } from "./search/search-index";
import { JsonStateFile } from "./state/json-file";
import { CreditLedger, type LedgerDocument } from "./state/ledger";
import { type RateDocument, RateLimiter } from "./state/rate-limiter";
import { UrlSigner } from "./state/signer";

export type { AccountsFile } from "./accounts/accounts";

/** Supplies generative AI work; its methods are defined with the AI routes. */
export type AiProvider = object;

export interface LocalApiOptions {
  /** Absolute base for the URLs handed out (e.g. http://127.0.0.1:4010); the request origin when unset. */
  publicBaseUrl?: string;
  accountsFile?: string;
  accounts?: AccountsFile;
  /** Where credits, rate-limit windows and the signing key live; default .local-api-state/ in the repo. */
  stateDir?: string;
  /** A JSON-lines catalogue that extends (or, with a replace_builtin line, replaces) the icon sets. */
  catalogFile?: string;
  now?: () => number;
  aiProvider?: AiProvider;
  /** HMAC key for signed links; generated and kept in stateDir when unset. */
  signingKey?: string;
  /** Take the caller's address from X-Forwarded-For (set only behind a proxy that writes it). */
  trustForwardedFor?: boolean;
}

export interface LocalApi {
  fetch(request: Request, bindings?: NodeBindings): Promise<Response>;
  close(): Promise<void>;
  /** The running instance's parts, for the routes added later and for tests. */
  deps: LocalApiDeps;
}

export const DEFAULT_STATE_DIR = fileURLToPath(new URL("../../.local-api-state/", import.meta.url));

const ROUTE_FAMILIES = [searchRoutes, itemRoutes, downloadRoutes, creditRoutes, fileRoutes];

export function createLocalApi(options: LocalApiOptions = {}): LocalApi {
  const now = options.now ?? Date.now;
  const stateDir = options.stateDir ?? DEFAULT_STATE_DIR;
  const accounts = loadAccounts(options);
  const catalog = buildCatalog(options.catalogFile ? { catalogFile: options.catalogFile } : {});
  const deps: LocalApiDeps = {
    catalog,
    search: new SearchIndex(catalog),
    accounts,
    ledger: new CreditLedger(accounts, new JsonStateFile<LedgerDocument>(stateDir, "credits.json"), now),
    limiter: new RateLimiter(new JsonStateFile<RateDocument>(stateDir, "rate-limits.json"), now),
    signer: UrlSigner.fromStateDir(stateDir, now, options.signingKey),
    raster: new RasterCache(),
    now,
    ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    trustForwardedFor: options.trustForwardedFor ?? false,
  };
  const app = new Hono<LocalApiEnv>();
  for (const family of ROUTE_FAMILIES) app.route("/", family(deps));
  app.notFound(answerNotFound);
  app.onError(answerError);
  return {
    deps,
    fetch: async (request, bindings) => {
      try {
        return await app.fetch(request, bindings ?? {});
      } catch (error) {
        return answerError(error as Error, undefined as never);
      }
    },
    close: async () => {
      await Promise.all([deps.ledger.flush(), deps.limiter.flush()]);
    },
  };
}
