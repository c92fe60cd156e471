// The proxy's production entry on Node (the container's and the systemd unit's command, bundled by
// `npm run build:server`): it fronts only the real service named by UPSTREAM_URL, CLIENT_ID and
// CLIENT_SECRET, and never loads the local API.

import { pathToFileURL } from "node:url";
import { ConfigError } from "../config";
import { stopOnSignals } from "./signals";
import { type NodeProxyOptions, type StartedProxy, startNodeProxy } from "./start";

type Env = Record<string, string | undefined>;

/** Starts the proxy, or says in one line why it cannot, and makes it stop cleanly on a signal. */
export async function runNodeProxy(env: Env, options: NodeProxyOptions = {}): Promise<StartedProxy> {
  let started: StartedProxy;
  try {
    started = await startNodeProxy(env, options);
  } catch (error) {
    const message = error instanceof ConfigError ? error.message : `${(error as Error).message}`;
    console.error(`proxy: not started: ${message}`);
    process.exit(1);
  }
  // Before the ready lines: a supervisor may signal as soon as it reads them, and state must be saved.
  stopOnSignals(started);
  console.error(`proxy listening on ${started.url}`);
  console.error(`upstream: ${started.upstreamDescription}`);
  return started;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  await runNodeProxy(process.env);
