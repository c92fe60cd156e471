// `npm run proxy` (and the second half of `npm start`): the proxy on Node, on HOST:PORT
// (127.0.0.1:8787 by default). With UPSTREAM_URL, CLIENT_ID and CLIENT_SECRET it fronts the real
// service; without them it runs the local API in this same process, passed as the upstream function.

import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { createLocalApi, DEFAULT_STATE_DIR } from "../local-api/app";
import { localApiOptionsFromEnv } from "../local-api/env";
import { answerClientErrors } from "../local-api/http/node-client-errors";
import { limitConnections, serverOptions } from "../local-api/http/node-server-limits";
import { createProxy } from "./app";
import { ConfigError, type ProxyConfig, parseConfig } from "./config";
import type { Upstream } from "./context";
import { proxyOptions, type RuntimeParts } from "./from-config";
import type { LogSink } from "./middleware/access-log";
import { resolveWithSystemDns } from "./node-dns";
import { type RunningProxy, serveProxy } from "./node-server";
import { pinnedStreamingFetch, streamingFetch } from "./node-upstream";
import { keptSigningKey } from "./signing/kept-key";

/** The local API's files live under this origin; the ui fetches them through /relay. */
export const LOCAL_UPSTREAM_ORIGIN = "http://local-api.invalid";

type Env = Record<string, string | undefined>;

interface Started extends RunningProxy {
  upstreamDescription: string;
}

function realService(config: ProxyConfig): {
  runtime: RuntimeParts;
  signingKey?: string;
  description: string;
  close(): Promise<void>;
} {
  const upstream: Upstream = streamingFetch;
  return {
    runtime: {
      upstream,
      upstreamBaseUrl: config.upstreamUrl!,
      clientId: config.clientId!,
      ...(config.clientSecret !== undefined ? { clientSecret: config.clientSecret } : {}),
    },
    description: `the asset service at ${config.upstreamUrl} (client ${config.clientId}${config.clientSecret ? ", with secret" : ", no secret"})`,
    close: async () => undefined,
  };
}

function embeddedService(
  env: Env,
  config: ProxyConfig,
  warmReverseIndex: boolean,
): { runtime: RuntimeParts; signingKey: string; description: string; close(): Promise<void> } {
  // The local API's own settings, read as `npm run local-api` reads them.
  const apiOptions = localApiOptionsFromEnv(env);
  // Never the demo account's secret, which anyone can read (signing/kept-key.ts): a kept random key.
  const signingKey = config.signingKey ?? keptSigningKey(apiOptions.stateDir ?? DEFAULT_STATE_DIR);
  const api = createLocalApi({ ...apiOptions, publicBaseUrl: LOCAL_UPSTREAM_ORIGIN });
  // A served proxy computes the reverse search's descriptors in the background from the start, so
  // a designer's first "Find similar" rarely waits; tests that never search by image skip the work.
  if (warmReverseIndex) api.deps.reverse.warm();
  // The demo account (or the first of an accounts file): read from the local API, never spelled here.
  const account = api.deps.accounts.list()[0]!;
  const counts = Object.entries(api.deps.catalog.countByType())
    .map(([type, count]) => `${type} ${count}`)
    .join(", ");
  return {
    runtime: {
      upstream: (request) => api.fetch(request),
      upstreamBaseUrl: LOCAL_UPSTREAM_ORIGIN,
      clientId: account.client_id,
      clientSecret: account.client_secret,
    },
    signingKey,
    description: `the local API in this process (${api.deps.catalog.assets.length} assets: ${counts}; account ${account.client_id})`,
    close: () => api.close(),
  };
}

export interface NodeProxyOptions {
  /** Where the access log's JSON lines go (stdout by default); tests collect or drop them. */
  log?: LogSink;
  /** Start computing the embedded local API's reverse-search index now (served proxies do). */
  warmReverseIndex?: boolean;
}

export async function startNodeProxy(
  env: Record<string, string | undefined> = process.env,
  options: NodeProxyOptions = {},
): Promise<Started> {
  const config = parseConfig(env, { readTokensFile: (path) => readFileSync(path, "utf8") });
  const service = config.upstreamUrl
    ? realService(config)
    : embeddedService(env, config, options.warmReverseIndex ?? false);
  const app = createProxy({
    ...proxyOptions(config, {
      ...service.runtime,
      resolveHost: resolveWithSystemDns,
      ...(options.log ? { log: options.log } : {}),
    }),
    ...(service.signingKey !== undefined ? { signingKey: service.signingKey } : {}),
    // File hosts are fetched by the proxy itself: connected only to the address the check judged.
    fetchFile: pinnedStreamingFetch(resolveWithSystemDns),
  });
  const running = await serveProxy(app.fetch, {
    host: config.host,
    port: config.port,
    options: serverOptions(config.server),
  });
  answerClientErrors(running.server);
  limitConnections(running.server, config.server);
  return {
    ...running,
    upstreamDescription: service.description,
    close: async () => {
      await running.close();
      await service.close();
    },
  };
}

async function main(): Promise<void> {
  let started: Started;
  try {
    started = await startNodeProxy(process.env, { warmReverseIndex: true });
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `${(error as Error).message}`;
    console.error(`proxy: not started: ${message}`);
    process.exit(1);
  }
  // Before the ready lines: a supervisor may signal as soon as it reads them, and state must be saved.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => void started.close().then(() => process.exit(0)));
  }
  console.error(`proxy listening on ${started.url}`);
  console.error(`upstream: ${started.upstreamDescription}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
