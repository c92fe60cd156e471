// The local API as the service a Node proxy fronts (`npm start` without UPSTREAM_URL): built in this
// process and passed to the proxy as its upstream function, with no network hop between them. The
// composition lives here so that the proxy never imports the local API.

import type { ProxyConfig } from "../proxy/config";
import type { FrontedService } from "../proxy/node/start";
import { keptSigningKey } from "../proxy/signing/kept-key";

/** The local API's files live under this origin; the ui fetches them through the proxy's /relay. */
export const LOCAL_UPSTREAM_ORIGIN = "http://local-api.invalid";

type Env = Record<string, string | undefined>;

export interface EmbeddedOptions {
  /** Start computing the reverse-search index now (served proxies do; most tests never need it). */
  warmReverseIndex?: boolean;
}

/** Builds the local API from the environment (as `npm run local-api` reads it) for the proxy to front. */
export async function embeddedLocalApi(
  env: Env,
  config: ProxyConfig,
  options: EmbeddedOptions = {},
): Promise<FrontedService> {
  // Loaded only when asked for: a proxy in front of the real service never loads the local API.
  const [{ createLocalApi, DEFAULT_STATE_DIR }, { localApiOptionsFromEnv }] = await Promise.all([
    import("../local-api/app"),
    import("../local-api/env"),
  ]);
  const apiOptions = localApiOptionsFromEnv(env);
  const api = createLocalApi({ ...apiOptions, publicBaseUrl: LOCAL_UPSTREAM_ORIGIN });
  if (options.warmReverseIndex) api.warm();
  const about = api.describe();
  // The demo account (or the first of an accounts file): read from the local API, never spelled here.
  const account = api.firstAccount();
  const counts = Object.entries(about.byType)
    .map(([type, count]) => `${type} ${count}`)
    .join(", ");
  return {
    runtime: {
      upstream: (request) => api.fetch(request),
      upstreamBaseUrl: LOCAL_UPSTREAM_ORIGIN,
      clientId: account.clientId,
      clientSecret: account.clientSecret,
    },
    // Never the demo account's secret, which anyone can read (signing/kept-key.ts): a kept random key.
    signingKey: config.signingKey ?? keptSigningKey(apiOptions.stateDir ?? DEFAULT_STATE_DIR),
    description: `the local API in this process (${about.assets} assets: ${counts}; account ${account.clientId})`,
    close: () => api.close(),
  };
}
