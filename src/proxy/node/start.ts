// The proxy on Node, on HOST:PORT (127.0.0.1:8787 by default), in front of the service it is given:
// the real one named by UPSTREAM_URL, CLIENT_ID and CLIENT_SECRET, or one the caller composes (the
// local API of `npm start`, src/server/). The proxy never builds a service itself.

import { readFileSync } from "node:fs";
import { answerClientErrors } from "../../api/server/node-client-errors";
import { limitConnections, serverOptions } from "../../api/server/node-server-limits";
import { createProxy } from "../app";
import { ConfigError, type ProxyConfig, parseConfig } from "../config";
import { proxyOptions, type RuntimeParts } from "../from-config";
import type { LogSink } from "../middleware/access-log";
import { resolveWithSystemDns } from "./dns";
import { type Drained, type RunningProxy, serveProxy } from "./server";
import { pinnedStreamingFetch, streamingFetch } from "./upstream";

type Env = Record<string, string | undefined>;

/** A service the proxy fronts: how to reach it, the account it signs in as, and how to end it. */
export interface FrontedService {
  runtime: Omit<RuntimeParts, "resolveHost" | "log">;
  /** The key that signs preview and relay links, when the environment names none. */
  signingKey?: string;
  /** One line for the start-up log (never a secret). */
  description: string;
  close(): Promise<void>;
}

export interface StartedProxy extends RunningProxy {
  upstreamDescription: string;
  /** Seconds a stop lets requests under way finish (PROXY_SHUTDOWN_GRACE_S). */
  shutdownGraceS: number;
}

export interface NodeProxyOptions {
  /** Where the access log's JSON lines go (stdout by default); tests collect or drop them. */
  log?: LogSink;
  /**
   * The service to front when UPSTREAM_URL is unset. Called with the parsed configuration; without
   * it, UPSTREAM_URL is required.
   */
  embedded?: (config: ProxyConfig) => FrontedService | Promise<FrontedService>;
}

/** The environment's parsed configuration (PROXY_TOKENS_FILE read from disk). */
export function nodeProxyConfig(env: Env): ProxyConfig {
  return parseConfig(env, { readTokensFile: (path) => readFileSync(path, "utf8") });
}

function realService(config: ProxyConfig): FrontedService {
  return {
    runtime: {
      upstream: streamingFetch,
      upstreamBaseUrl: config.upstreamUrl!,
      clientId: config.clientId!,
      ...(config.clientSecret !== undefined ? { clientSecret: config.clientSecret } : {}),
    },
    description: `the asset service at ${config.upstreamUrl} (client ${config.clientId}${config.clientSecret ? ", with secret" : ", no secret"})`,
    close: async () => undefined,
  };
}

export async function startNodeProxy(
  env: Env = process.env,
  options: NodeProxyOptions = {},
): Promise<StartedProxy> {
  const config = nodeProxyConfig(env);
  if (!config.upstreamUrl && !options.embedded) {
    throw new ConfigError(
      "UPSTREAM_URL, CLIENT_ID and CLIENT_SECRET name the asset service to front (or run `npm start`, which serves the local API).",
    );
  }
  const service = config.upstreamUrl ? realService(config) : await options.embedded!(config);
  try {
    const app = createProxy({
      ...proxyOptions(config, {
        ...service.runtime,
        resolveHost: resolveWithSystemDns,
        ...(options.log ? { log: options.log } : {}),
      }),
      ...(config.signingKey === undefined && service.signingKey !== undefined
        ? { signingKey: service.signingKey }
        : {}),
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
      shutdownGraceS: config.server.shutdownGraceS,
      // Requests first, with the service still up to answer them; then the service saves its state.
      stop: async (graceMs: number): Promise<Drained> => {
        const drained = await running.stop(graceMs);
        await service.close();
        return drained;
      },
      close: async () => {
        await running.close();
        await service.close();
      },
    };
  } catch (error) {
    await service.close();
    throw error;
  }
}
