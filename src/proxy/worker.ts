// The Workers entry: the same app, configured from the Worker's bindings, in front of the real
// service reached with fetch. It never imports the local API (nor anything holding its demo account):
// scripts/build-worker.mjs refuses a bundle that does. Budgets live in a Durable Object per token
// (bound as BUDGETS), so they hold across isolates and locations.

import { errorResponse } from "../api/contract/envelope";
import { createProxy } from "./app";
import { type DurableObjectNamespaceLike, durableBudgets } from "./budgets/durable-budget";
import { ConfigError, parseConfig } from "./config";
import { type EdgeCacheLike, edgeReads } from "./edge-reads";
import { proxyOptions } from "./from-config";

type Bindings = Record<string, unknown>;

export { ProxyBudget } from "./budgets/durable-budget";

/** Workers' `caches.default`, where the runtime has one. */
function edgeCache(): EdgeCacheLike | undefined {
  return (globalThis as { caches?: { default?: EdgeCacheLike } }).caches?.default;
}

function isNamespace(value: unknown): value is DurableObjectNamespaceLike {
  return typeof value === "object" && value !== null && "idFromName" in value && "get" in value;
}

let built: { app: ReturnType<typeof createProxy> } | { error: string } | undefined;

function build(env: Bindings): { app: ReturnType<typeof createProxy> } | { error: string } {
  const strings: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (typeof value === "string") strings[name] = value;
  try {
    const config = parseConfig(strings, { bindsHost: false });
    if (!config.upstreamUrl || !config.clientId) {
      throw new ConfigError(
        "On Workers, UPSTREAM_URL and CLIENT_ID (and CLIENT_SECRET as a secret) must be set.",
      );
    }
    // Each isolate would otherwise draw its own key, and a preview link signed by one would be
    // refused by the next.
    if (!config.signingKey) {
      throw new ConfigError(
        "On Workers, PROXY_SIGNING_KEY must be set (as a secret) so every isolate signs alike.",
      );
    }
    // An isolate's own map would let a token spend its budget once per isolate and location.
    if (!isNamespace(env.BUDGETS)) {
      throw new ConfigError(
        "On Workers, the Durable Object ProxyBudget must be bound as BUDGETS (see wrangler.toml).",
      );
    }
    const app = createProxy({
      ...proxyOptions(config, {
        upstream: (request) => fetch(request),
        upstreamBaseUrl: config.upstreamUrl,
        clientId: config.clientId,
        ...(config.clientSecret !== undefined ? { clientSecret: config.clientSecret } : {}),
      }),
      budgets: durableBudgets(env.BUDGETS),
      // The location's cache, shared by its isolates, instead of one copy per isolate.
      ...(edgeCache() ? { reads: edgeReads(edgeCache()!, config.upstreamUrl) } : {}),
    });
    return { app };
  } catch (error) {
    if (error instanceof ConfigError) return { error: error.message };
    throw error;
  }
}

export default {
  fetch(request: Request, env: Bindings): Response | Promise<Response> {
    built ??= build(env);
    if ("error" in built) {
      console.error(`proxy: misconfigured: ${built.error}`);
      return errorResponse(
        500,
        "internal_error",
        "The proxy is not configured; its operator has been told why in the log.",
      );
    }
    return built.app.fetch(request);
  },
};
