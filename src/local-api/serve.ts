// `npm run local-api`: the local API alone on 127.0.0.1:${PORT:-4010}.

import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { answerClientErrors } from "../api/server/node-client-errors";
import { limitConnections, serverOptions } from "../api/server/node-server-limits";
import { createLocalApi } from "./app";
import { localApiOptionsFromEnv } from "./env";

const port = Number(process.env.PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got ${process.env.PORT}`);
  process.exit(1);
}
// PORT=0 takes any free port (tests: no race for a port picked beforehand); links then take their
// origin from the request, and the ready line names the port bound.
const publicBaseUrl = port === 0 ? undefined : `http://127.0.0.1:${port}`;
const started = performance.now();
let api: ReturnType<typeof createLocalApi>;
try {
  api = createLocalApi({ ...localApiOptionsFromEnv(), ...(publicBaseUrl ? { publicBaseUrl } : {}) });
} catch (error) {
  // A malformed accounts or catalogue file: say which and what, without a stack trace.
  console.error(`local API did not start: ${(error as Error).message}`);
  process.exit(1);
}
const readyIn = Math.round(performance.now() - started);
// The reverse image search's descriptors are computed (or loaded from the state folder) in the
// background now, so the first search rarely waits for them.
api.warm();

const server = serve(
  {
    fetch: (request, env) => api.fetch(request, env),
    hostname: "127.0.0.1",
    port,
    serverOptions: serverOptions(),
  },
  (info) => {
    const about = api.describe();
    const accounts = about.accounts.map((account) => `${account.clientId} (plan ${account.plan})`);
    console.log(`local API listening on http://127.0.0.1:${info.port}`);
    console.log(`accounts: ${accounts.join(", ")} from ${about.accountsSource}`);
    console.log(
      `catalogue: ${about.assets} assets (${Object.entries(about.byType)
        .map(([type, count]) => `${type} ${count}`)
        .join(", ")}), ready in ${readyIn} ms`,
    );
  },
);

answerClientErrors(server as Server);
limitConnections(server as Server);

// Shutdown is prompt: no new connection is taken, the index warm-up stops and running work is not
// waited for (renders are killed; a job comes back interrupted and uncharged, a sync conversion that
// still finishes is answered 503 and not charged); the state is compacted and flushed first. A second
// signal exits at once.
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    server.close();
    api.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`local API: could not save its state on the way out: ${error.message}`);
        process.exit(1);
      },
    );
  });
}
