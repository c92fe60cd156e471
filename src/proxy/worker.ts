// The Workers entry: the same app, configured from the Worker's bindings, in front of the real
// service reached with fetch. It never imports the local API (nor anything holding its demo account):
// scripts/build-worker.mjs refuses a bundle that does.

import { errorResponse } from "../api/envelope";
import { createProxy } from "./app";
import { ConfigError, parseConfig } from "./config";
import { proxyOptions } from "./from-config";

type Bindings = Record<string, unknown>;

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
    const app = createProxy(
      proxyOptions(config, {
        upstream: (request) => fetch(request),
        upstreamBaseUrl: config.upstreamUrl,
        clientId: config.clientId,
        ...(config.clientSecret !== undefined ? { clientSecret: config.clientSecret } : {}),
      }),
    );
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
