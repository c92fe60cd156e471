// `npm run proxy` (and the second half of `npm start`): the proxy on Node. With UPSTREAM_URL,
// CLIENT_ID and CLIENT_SECRET it fronts the real service; without them, the local API built in this
// same process (embedded-service.ts).

import { pathToFileURL } from "node:url";
import { ConfigError } from "../proxy/config";
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

async function main(): Promise<void> {
  let started: StartedProxy;
  try {
    started = await startServedProxy(process.env, { warmReverseIndex: true });
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
