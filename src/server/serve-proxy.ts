// `npm run proxy` (and the second half of `npm start`): the proxy on Node. With UPSTREAM_URL,
// CLIENT_ID and CLIENT_SECRET it fronts the real service; without them, the local API built in this
// same process (embedded-service.ts).

import { pathToFileURL } from "node:url";
import { runNodeProxy } from "../proxy/node/main";
import { type NodeProxyOptions, type StartedProxy, startNodeProxy } from "../proxy/node/start";
import { type EmbeddedOptions, embeddedLocalApi } from "./embedded-service";

type Env = Record<string, string | undefined>;

/** The proxy, fronting the real service when the environment names it, else the local API. */
export function startServedProxy(
  env: Env = process.env,
  options: Omit<NodeProxyOptions, "embedded"> & EmbeddedOptions = {},
): Promise<StartedProxy> {
  const { warmReverseIndex, ...proxy } = options;
  return startNodeProxy(env, {
    ...proxy,
    embedded: (config) => embeddedLocalApi(env, config, { warmReverseIndex: warmReverseIndex ?? false }),
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runNodeProxy(process.env, {
    embedded: (config) => embeddedLocalApi(process.env, config, { warmReverseIndex: true }),
  });
}
