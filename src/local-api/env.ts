// The operator's environment as createLocalApi options, shared by `npm run local-api` and any
// process that embeds the local API (so both read LOCAL_API_* the same way).

import type { LocalApiOptions } from "./app";

export function localApiOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LocalApiOptions {
  const options: LocalApiOptions = {};
  if (env.LOCAL_API_ACCOUNTS) options.accountsFile = env.LOCAL_API_ACCOUNTS;
  if (env.LOCAL_API_STATE_DIR) options.stateDir = env.LOCAL_API_STATE_DIR;
  if (env.LOCAL_API_CATALOG) options.catalogFile = env.LOCAL_API_CATALOG;
  if (env.LOCAL_API_SIGNING_KEY) options.signingKey = env.LOCAL_API_SIGNING_KEY;
  return options;
}
