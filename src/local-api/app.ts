// The embedded v3 service as one fetch handler: the catalogue, accounts, ledger, limiter and signer
// of one instance, the work machinery (queue, jobs, AI tasks, results, idempotency keys, reverse
// index), and the route families composed in front of an error boundary.

import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import sharp from "sharp";
import { ApiError } from "../api/contract/errors";
import { REVERSE_SEARCH_MAX_BYTES } from "../api/contract/tables";
import { type AccountsFile, loadAccounts } from "./accounts/accounts";
import type { AiProvider } from "./ai/provider";
import { AiTasks } from "./ai/tasks";
import { buildCatalog } from "./catalog/catalog";
import { ConversionJobs } from "./convert/jobs";
import { killRenderProcesses } from "./engines/workers/resvg-process";
import { closeEngineWorkers } from "./engines/workers/run-engine";
import type { LocalApiDeps, LocalApiEnv, NodeBindings } from "./http/context";
import { answerError, answerNotFound } from "./http/errors";
import { createImageFetcher, type ImageFetcher } from "./net/fetch-image";
import { DEFAULT_OUTBOUND_POLICY, type OutboundPolicy } from "./net/outbound";
import { registerLocalApiParts } from "./parts";
import { RasterCache } from "./render/rasterise";
import { ImageHashes } from "./reverse/image-hashes";
import { ReverseIndex } from "./reverse/reverse-index";
import { aiRoutes } from "./routes/ai";
import { aiCatalogueRoutes } from "./routes/ai-catalogue";
import { convertRoutes } from "./routes/convert";
import { convertCatalogueRoutes } from "./routes/convert-catalogue";
import { creditRoutes } from "./routes/credits";
import { downloadRoutes } from "./routes/download";
import { fileRoutes } from "./routes/files";
import { itemRoutes } from "./routes/items";
import { resultRoutes } from "./routes/results";
import { reverseSearchRoutes } from "./routes/reverse-search";
import { searchRoutes } from "./routes/search";
import { SearchIndex } from "./search/search-index";
import { JsonStateFile } from "./state/json-file";
import { CreditLedger } from "./state/ledger";
import { type RateDocument, RateLimiter } from "./state/rate-limiter";
import { UrlSigner } from "./state/signer";
import { IdempotencyStore } from "./work/idempotency";
import { WorkQueue } from "./work/queue";
import { ResultStore } from "./work/results";
import { WorkState } from "./work/work-state";

export type { AccountsFile } from "./accounts/accounts";
export type { AiDispatch, AiModel, AiOutput, AiProvider, AiTaskRun, AiWork } from "./ai/provider";
export type { ImageFetcher } from "./net/fetch-image";
export type { OutboundPolicy } from "./net/outbound";

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
  /** Does generation and smart-group; without one those operations are unavailable on every plan. */
  aiProvider?: AiProvider;
  /** Which hosts caller-supplied URLs may reach; public addresses only by default. */
  outboundPolicy?: OutboundPolicy;
  /** Fetches reverse-search images by url; built from outboundPolicy when unset. */
  imageFetcher?: ImageFetcher;
  /** Time limit of one synchronous conversion (504 conversion_timeout past it); default 30 s. */
  conversionTimeoutMs?: number;
  /** Time limit of one render or local AI task; default 120 s. */
  renderTimeoutMs?: number;
  /** Renders and local AI tasks running at once; default 2. */
  workConcurrency?: number;
  /** HMAC key for signed links; generated and kept in stateDir when unset. */
  signingKey?: string;
  /** Take the caller's address from X-Forwarded-For (set only behind a proxy that writes it). */
  trustForwardedFor?: boolean;
}

/** What a host that serves the local API says of it at start (never a secret). */
export interface LocalApiDescription {
  assets: number;
  byType: Record<string, number>;
  accounts: { clientId: string; plan: string }[];
  /** Where the accounts came from: the demo account, or the accounts file's path. */
  accountsSource: string;
}

export interface LocalApi {
  fetch(request: Request, bindings?: NodeBindings): Promise<Response>;
  close(): Promise<void>;
  describe(): LocalApiDescription;
  /** The credentials of the first account: the one a host in front of the local API signs in as. */
  firstAccount(): { clientId: string; clientSecret: string };
  /** Starts computing the reverse search's descriptors in the background, so a first search rarely waits. */
  warm(): void;
}

export const DEFAULT_STATE_DIR = fileURLToPath(new URL("../../.local-api-state/", import.meta.url));

/** Instances open in this process: the render processes and engine workers are shared by all. */
let openInstances = 0;

const ROUTE_FAMILIES = [
  searchRoutes,
  itemRoutes,
  downloadRoutes,
  creditRoutes,
  resultRoutes,
  fileRoutes,
  convertRoutes,
  convertCatalogueRoutes,
  aiRoutes,
  aiCatalogueRoutes,
  reverseSearchRoutes,
];

export function createLocalApi(options: LocalApiOptions = {}): LocalApi {
  const now = options.now ?? Date.now;
  const stateDir = options.stateDir ?? DEFAULT_STATE_DIR;
  // libvips keeps recent operations and their decoded pixels (up to 50 MB) in case the same pipeline
  // runs again. Previews are kept as finished PNGs by the raster cache instead, so that cache only
  // held memory: a long browse of 3D pictures left the server about 40 MB larger with it. Process-wide,
  // so set here, where every process that serves the local API (npm start's proxy too) passes.
  sharp.cache(false);
  const accounts = loadAccounts(options);
  const catalog = buildCatalog(options.catalogFile ? { catalogFile: options.catalogFile } : {});
  // A damaged state file stops the start (StateFileError); the smaller files are read first, so a
  // refusal leaves nothing open. Credits and work are one durable record.
  const signer = UrlSigner.fromStateDir(stateDir, now, options.signingKey);
  const limiter = new RateLimiter(new JsonStateFile<RateDocument>(stateDir, "rate-limits.json"), now);
  const workState = new WorkState(stateDir);
  const ledger = new CreditLedger(
    accounts,
    workState.ledgerDocument,
    workState.usageCharged,
    now,
    workState.isOpen,
  );
  const queue = new WorkQueue(options.workConcurrency ?? 2);
  const results = new ResultStore(stateDir, signer);
  const limits = {
    conversionTimeoutMs: options.conversionTimeoutMs ?? 30_000,
    renderTimeoutMs: options.renderTimeoutMs ?? 120_000,
  };
  const jobs = new ConversionJobs({
    queue,
    results,
    ledger,
    renderTimeoutMs: limits.renderTimeoutMs,
    now,
    ...workState.jobHooks,
  });
  const aiTasks = new AiTasks({ queue, results, ledger, now, ...workState.taskHooks });
  // A key whose render or AI tasks still run is never let go by the per-client bound.
  const idempotency = new IdempotencyStore(now, workState.keyChanged, (run) =>
    run.family === "conversion"
      ? run.state === "job" && jobs.peek(run.jobId)?.finished === false
      : run.state === "in_flight" && run.taskIds !== undefined && !aiTasks.allFinished(run.taskIds),
  );
  workState.attach({ ledger, keys: idempotency, jobs, tasks: aiTasks, results, now });
  const outbound = options.outboundPolicy ?? DEFAULT_OUTBOUND_POLICY;
  const deps: LocalApiDeps = {
    catalog,
    search: new SearchIndex(catalog),
    accounts,
    ledger,
    limiter,
    signer,
    raster: new RasterCache(),
    now,
    ...(options.publicBaseUrl ? { publicBaseUrl: options.publicBaseUrl } : {}),
    trustForwardedFor: options.trustForwardedFor ?? false,
    queue,
    results,
    idempotency,
    repeatLookups: {
      jobStatus: (id) => jobs.peek(id)?.status,
      tasksFinished: (ids) => aiTasks.allFinished(ids),
    },
    jobs,
    aiTasks,
    ...(options.aiProvider ? { aiProvider: options.aiProvider } : {}),
    reverse: new ReverseIndex(catalog, stateDir),
    imageHashes: new ImageHashes(),
    fetchImage:
      options.imageFetcher ??
      createImageFetcher(outbound, {
        maxBytes: REVERSE_SEARCH_MAX_BYTES,
        timeoutMs: 10_000,
        maxRedirects: 5,
      }),
    outbound,
    limits,
  };
  const app = new Hono<LocalApiEnv>();
  for (const family of ROUTE_FAMILIES) app.route("/", family(deps));
  app.notFound(answerNotFound);
  app.onError(answerError);
  let closed = false;
  openInstances += 1;
  // The parts stay inside this closure; tests and benches reach them through localApiParts().
  const api: LocalApi = {
    describe: () => ({
      assets: catalog.assets.length,
      byType: catalog.countByType(),
      accounts: accounts.list().map((account) => ({ clientId: account.client_id, plan: account.plan })),
      accountsSource: accounts.source,
    }),
    firstAccount: () => {
      const account = accounts.list()[0]!;
      return { clientId: account.client_id, clientSecret: account.client_secret };
    },
    warm: () => deps.reverse.warm(),
    fetch: async (request, bindings) => {
      // After close nothing new starts (work started before it finishes, uncharged: see ledger).
      if (closed)
        return new ApiError(503, "service_unavailable", "The server is shutting down.").toResponse();
      try {
        return await app.fetch(request, bindings ?? {});
      } catch (error) {
        return answerError(error as Error, undefined as never);
      }
    },
    close: async () => {
      // Prompt: the index warm-up stops, and work still running is not waited for. Its charge and
      // its outcome would land together after the last write, so it comes back interrupted and
      // uncharged at the next start, never half-recorded; a sync conversion that finishes now is
      // answered 503 and not charged (the ledger refuses once the state is closed).
      if (closed) return;
      closed = true;
      deps.reverse.stop();
      workState.close();
      // The last instance in the process ends the render processes (running ones too: a render
      // must not outlive its server) and the idle engine workers.
      openInstances -= 1;
      if (openInstances === 0) killRenderProcesses();
      await Promise.all([deps.limiter.flush(), openInstances === 0 ? closeEngineWorkers() : undefined]);
    },
  };
  registerLocalApiParts(api, deps);
  return api;
}
