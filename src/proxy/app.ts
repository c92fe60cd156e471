// The proxy: one Hono app, a stack of small middlewares in front of thin route handlers. It holds
// the service's credentials and is the only thing that may; everything the caller sends is checked
// before the service is called. Runs the same on Node (node.ts) and on Workers (worker.ts).

import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { AI_UPLOAD_OPERATIONS, REVERSE_SEARCH_MAX_BYTES } from "../api/contract/tables";
import { type BudgetStore, memoryBudgets } from "./budgets/budget-store";
import { DEFAULTS } from "./config";
import type { ProxyEnv, Upstream } from "./context";
import { forward } from "./forward";
import { accessLog, type LogSink } from "./middleware/access-log";
import { bodyLimit } from "./middleware/body-limit";
import { cachedRead } from "./middleware/cached-read";
import { callerAuth } from "./middleware/caller-auth";
import { nullOriginCors } from "./middleware/cors";
import { onNotFound, onProxyError } from "./middleware/error-boundary";
import { hostGuard } from "./middleware/host-guard";
import { keyHeaders } from "./middleware/key-headers";
import { pathGuard } from "./middleware/path-guard";
import { teamBudget, tokenRateLimit } from "./middleware/rate-limit";
import { segmentGuard } from "./middleware/segment-guard";
import { urlFieldGuard } from "./middleware/url-field-guard";
import { memoryReads, type ReadStore } from "./read-cache";
import { relay } from "./relay";
import { resultRelay } from "./scope/result-relay";
import { RESULT_LINK_PATH, scopeAnswer } from "./scope/scope-answer";
import { scopedImageHash, scopedPathId } from "./scope/scope-request";
import { grantAnswer, grantHeaders, verifyGrant } from "./signing/granted-relay";
import { createPreviewGrants, GRANT_PATH, GRANTED_PREVIEW_PATH } from "./signing/preview-grant";
import { createPreviewSigner } from "./signing/preview-signer";
import { signDownloadLink } from "./signing/sign-download";
import { signedRelay, verifyPreviewLink } from "./signing/signed-relay";
import { createTeamScope, scopeSecret } from "./signing/team-scope";
import type { ResolveHost } from "./ssrf/outbound-url";
import { type TeamShares, teamBudgets, teamLabels } from "./team-budgets";
import { DEFAULT_TOKEN_FAILURES_PER_MINUTE, tokenFailures } from "./token-failures";
import type { AccessToken } from "./tokens";
import { MULTIPART_ALLOWANCE, uploadLimits } from "./upload-limits";
import { callUpstream, type UpstreamSettings, upstreamUrl, withCredentials } from "./upstream-call";

export interface ProxyOptions {
  /** The service, as a fetch function: global fetch for the real one, the local API in-process. */
  upstream: Upstream;
  /** The service's base URL (e.g. https://api.example.com); for the local API, its public base. */
  upstreamBaseUrl: string;
  clientId: string;
  clientSecret?: string;
  tokens: readonly AccessToken[];
  /** Host names served besides loopback ones (middleware/host-guard.ts); undefined: any. */
  allowedHosts?: readonly string[];
  /** Let callers in without a token (the operator asked for it; see config.ts). */
  openAccess?: boolean;
  /** host[:port] of the service's file hosts, relayed by GET /relay. */
  fileHosts?: readonly string[];
  rateLimitPerMinute?: number;
  /**
   * Where the per-token and per-team budgets are kept: this process's memory by default; a Durable
   * Object per token on Workers (worker.ts), so they hold across isolates.
   */
  budgets?: BudgetStore;
  /** Where identical reads are kept: this process's memory by default; the Cache API on Workers. */
  reads?: ReadStore;
  /** The service's limit a minute for the shared Client-ID, shared among the teams (team-budgets.ts). */
  upstreamRateLimitPerMinute?: number;
  teamShares?: TeamShares;
  /** Wrong tokens one address may present a minute before it is answered 429; 0: no limit. */
  tokenFailuresPerMinute?: number;
  /** The caller's address is X-Forwarded-For's first entry (behind a load balancer that writes it). */
  trustForwardedFor?: boolean;
  upstreamTimeoutMs?: number;
  publicUrl?: string;
  cacheTtlMs?: number;
  /** DNS lookup for caller-supplied URLs (node:dns on Node; Workers have none). */
  resolveHost?: ResolveHost;
  /** How relayed files on the file hosts are fetched. */
  fetchFile?: Upstream;
  /** Origins trusted like the service's own by the URL checks (an operator's internal file host). */
  trustedHosts?: readonly string[];
  /** PROXY_SIGNING_KEY: signs preview grants and download links; a random one per process when absent. */
  signingKey?: string;
  /** The clock preview grants and download links are signed and checked against. */
  now?: () => number;
  log?: LogSink;
}

const JSON_BODY_LIMIT = 64 * 1024;
const RELAY_BUDGET_FACTOR = 10;
// A screen of results is 60 to 70 previews, and the browser caches each one until its link expires.
const PREVIEW_BUDGET_FACTOR = 20;

export function createProxy(options: ProxyOptions) {
  const log = options.log ?? ((line: string) => console.log(line));
  const settings: UpstreamSettings = {
    upstream: options.upstream,
    baseUrl: options.upstreamBaseUrl.replace(/\/+$/, ""),
    clientId: options.clientId,
    ...(options.clientSecret !== undefined ? { clientSecret: options.clientSecret } : {}),
    timeoutMs: options.upstreamTimeoutMs ?? DEFAULTS.upstreamTimeoutMs,
  };
  const serviceHost = new URL(settings.baseUrl).host;
  const relayHosts = new Set([serviceHost, ...(options.fileHosts ?? [])]);
  const policy = {
    trustedHosts: new Set([serviceHost, ...(options.trustedHosts ?? [])]),
    ...(options.resolveHost ? { resolve: options.resolveHost } : {}),
  };
  // Teams share the service's account: what names their work is bound to their label (scope/).
  const scope = createTeamScope(scopeSecret(options.signingKey, options.clientSecret));
  const publicUrl = options.publicUrl ? { publicUrl: options.publicUrl } : {};
  const budgetOf = teamBudgets(
    teamLabels(options.tokens, options.openAccess ?? false),
    options.upstreamRateLimitPerMinute ?? DEFAULTS.upstreamRateLimitPerMinute,
    options.teamShares,
  );
  const budgets = options.budgets ?? memoryBudgets(options.now);
  const deps = { settings, relayHosts, scope, spend: teamBudget(budgetOf, budgets), ...publicUrl };
  const scoped = { scope, relayHosts, upstreamBase: settings.baseUrl, ...publicUrl };
  const cacheTtlMs = options.cacheTtlMs ?? DEFAULTS.cacheTtlMs;
  const cache = options.reads ?? memoryReads();

  // Under the same deadline as any call: a silent service must not hold an upload's limit check.
  const catalogueLimit = uploadLimits(async (path) => {
    const headers = withCredentials(settings, new Headers({ accept: "application/json" }));
    const { response } = await callUpstream(
      settings,
      (signal) => new Request(upstreamUrl(settings, path), { headers, signal }),
    );
    return response;
  });

  const app = new Hono<ProxyEnv>();
  app.onError(onProxyError(log));
  app.notFound(onNotFound);
  // Hono's own: a caller's plain id (letters, digits, _ - =, at most 64) is kept, else a UUID.
  app.use(
    requestId({ limitLength: 64 }),
    accessLog(log),
    hostGuard(options.allowedHosts),
    nullOriginCors(),
    pathGuard(),
  );

  app.get("/healthz", (c) => {
    return c.json({ response: { status: "ok" } });
  });

  const failures = tokenFailures(options.tokenFailuresPerMinute ?? DEFAULT_TOKEN_FAILURES_PER_MINUTE);
  const auth = callerAuth(options.tokens, options.openAccess ?? false, failures, options.trustForwardedFor);
  const perMinute = options.rateLimitPerMinute ?? DEFAULTS.rateLimitPerMinute;
  app.use("/v3/*", auth, tokenRateLimit(perMinute, "requests", budgets), keyHeaders());
  // A page of results is dozens of previews fetched through the relay; they cost the service no
  // credits, so they have their own, larger budget instead of eating the API calls'.
  const relayBudget = tokenRateLimit(perMinute * RELAY_BUDGET_FACTOR, "file fetches", budgets);
  app.use("/relay", auth, relayBudget);
  app.use(RESULT_LINK_PATH, auth, relayBudget);
  // Previews arrive by plain <img src>: no token, the caller's grant instead (signing/). Answers
  // that name previews pass through untouched but for the grant in their headers; the window writes
  // each preview's link from it.
  const now = options.now ?? Date.now;
  const signingKey = options.signingKey !== undefined ? { key: options.signingKey } : {};
  const grantDeps = { grants: createPreviewGrants({ ...signingKey, now }), relayHosts, ...publicUrl };
  app.get(GRANT_PATH, auth, tokenRateLimit(perMinute, "requests", budgets), grantAnswer(grantDeps));
  const granted = grantHeaders(grantDeps);
  // Download links are one file each, for any client of the proxy: signed one by one (/relay/p).
  const signer = createPreviewSigner({ ...signingKey, now });

  // Path parameters must each be one plain segment; the log names the route from its pattern.
  const segments = segmentGuard();
  const read = cachedRead(cache, cacheTtlMs);
  const pass = forward(deps);
  const limitJson = bodyLimit(() => JSON_BODY_LIMIT);
  const urlGuard = urlFieldGuard(policy);

  app.get("/v3/search", granted, read, pass);
  app.get("/v3/items/:item", segments, granted, read, pass);
  // Any client of the proxy gets a download link it can fetch (signing/sign-download.ts).
  const signDownload = signDownloadLink({ signer, relayHosts, ...publicUrl });
  app.post("/v3/items/:item/api-download", segments, limitJson, signDownload, pass);
  app.post(
    "/v3/reverse-image-search",
    bodyLimit(() => REVERSE_SEARCH_MAX_BYTES + MULTIPART_ALLOWANCE),
    urlGuard,
    scopedImageHash(scope),
    granted,
    scopeAnswer("reverse", scoped),
    pass,
  );
  app.get("/v3/convert/operations", read, pass);
  app.get(
    "/v3/convert/jobs/:job",
    segments,
    scopedPathId(scope, "job", "job"),
    scopeAnswer("job", scoped),
    pass,
  );
  app.post(
    "/v3/convert/:operation",
    segments,
    bodyLimit(() => catalogueLimit("/v3/convert/operations")),
    scopeAnswer("job", scoped),
    pass,
  );
  app.get("/v3/ai/operations", read, pass);
  app.get("/v3/ai/models", read, pass);
  app.get(
    "/v3/ai/tasks/:task",
    segments,
    scopedPathId(scope, "task", "task"),
    scopeAnswer("task", scoped),
    pass,
  );
  const aiPass = forward(deps, { projectReferenceFromLabel: true });
  app.post(
    "/v3/ai/:operation",
    segments,
    bodyLimit(() => catalogueLimit("/v3/ai/operations")),
    // Upload operations carry only a file: streamed untouched. Generative ones may carry image_url.
    async (c, next) =>
      (AI_UPLOAD_OPERATIONS as readonly string[]).includes(c.req.param("operation") ?? "")
        ? next()
        : urlGuard(c, next),
    scopeAnswer("task", scoped),
    aiPass,
  );
  app.get("/v3/credits", pass);
  const relayDeps = {
    settings,
    relayHosts,
    policy,
    fetchFile: options.fetchFile ?? ((request) => fetch(request)),
  };
  app.get("/relay", relay(relayDeps));
  app.get(RESULT_LINK_PATH, resultRelay(scope, relayDeps));
  const previewBudget = tokenRateLimit(perMinute * PREVIEW_BUDGET_FACTOR, "preview fetches", budgets);
  app.get(GRANTED_PREVIEW_PATH, verifyGrant(grantDeps), previewBudget, signedRelay(relayDeps, now));
  app.get("/relay/p", verifyPreviewLink(signer), previewBudget, signedRelay(relayDeps, now));

  return app;
}
