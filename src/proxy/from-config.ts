// ProxyConfig (the environment) plus what the runtime supplies (how to reach the service, DNS) ->
// the options createProxy takes. Shared by the Node and the Workers entries.

import type { ProxyOptions } from "./app";
import type { ProxyConfig } from "./config";

export interface RuntimeParts {
  upstream: ProxyOptions["upstream"];
  upstreamBaseUrl: string;
  clientId: string;
  clientSecret?: string;
  resolveHost?: ProxyOptions["resolveHost"];
  log?: ProxyOptions["log"];
}

export function proxyOptions(config: ProxyConfig, runtime: RuntimeParts): ProxyOptions {
  return {
    ...runtime,
    tokens: config.tokens,
    openAccess: config.openAccess !== "off",
    fileHosts: config.fileHosts,
    rateLimitPerMinute: config.rateLimitPerMinute,
    upstreamRateLimitPerMinute: config.upstreamRateLimitPerMinute,
    teamShares: config.teamShares,
    tokenFailuresPerMinute: config.tokenFailuresPerMinute,
    trustForwardedFor: config.trustForwardedFor,
    upstreamTimeoutMs: config.upstreamTimeoutMs,
    cacheTtlMs: config.cacheTtlMs,
    ...(config.publicUrl !== undefined ? { publicUrl: config.publicUrl } : {}),
    ...(config.signingKey !== undefined ? { signingKey: config.signingKey } : {}),
    ...(config.allowedHosts !== undefined ? { allowedHosts: config.allowedHosts } : {}),
  };
}
