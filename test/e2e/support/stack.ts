// The servers an end-to-end test talks to: the proxy's own Node entry on 127.0.0.1 with the local API
// in-process behind it (what `npm start` runs), a fresh state folder and one access token. The proxy's
// access log is kept in memory instead of printed: tests and the bench count requests by route with it.
import { copyFile, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServedProxy } from "../../../src/server/serve-proxy";

export const E2E_TOKEN = "e2e-token-0123456789abcdef";

/** One access log line, as the proxy writes it (only the fields the tests read). */
export interface LoggedRequest {
  method: string;
  /** The route pattern, e.g. "GET /v3/search". */
  route: string;
  status: number;
}

export interface Stack {
  proxyUrl: string;
  token: string;
  /** Every request the proxy has answered so far, oldest first. */
  requests: LoggedRequest[];
  /** How many requests the proxy answered on a route ("GET /v3/search"). */
  count(route: string): number;
  stop(): Promise<void>;
}

export interface StackOptions {
  /**
   * Serve the reverse image search: its catalogue descriptors (tens of seconds of work) are computed
   * from the start, and kept in this file between runs, copied into the fresh state folder at start
   * and saved back at stop.
   */
  similarityCache?: string;
}

const DESCRIPTORS = "similarity-descriptors.bin";
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const stateDir = await mkdtemp(join(tmpdir(), "assetport-e2e-state-"));
  const cache = options.similarityCache;
  if (cache && (await exists(cache))) await copyFile(cache, join(stateDir, DESCRIPTORS));
  const requests: LoggedRequest[] = [];
  const proxy = await startServedProxy(
    {
      HOST: "127.0.0.1",
      PORT: "0",
      PROXY_TOKENS: `e2e:${E2E_TOKEN}`,
      // The tests replay minutes of a designer's work in seconds, window after window on one token,
      // and check the service's answers over the same token: budgets sized for that. The operator's
      // defaults are tested on their own (test/proxy, test/reliability).
      PROXY_RATE_LIMIT: "3000",
      PROXY_UPSTREAM_RATE_LIMIT: "3000",
      LOCAL_API_STATE_DIR: stateDir,
    },
    {
      log: (line) => {
        const entry = JSON.parse(line) as Partial<LoggedRequest> & { level?: string };
        if (entry.level === "error") console.error(`[proxy] ${line}`);
        else
          requests.push({ method: entry.method ?? "", route: entry.route ?? "", status: entry.status ?? 0 });
      },
      warmReverseIndex: cache !== undefined,
    },
  );
  return {
    proxyUrl: proxy.url,
    token: E2E_TOKEN,
    requests,
    count: (route) => requests.filter((r) => r.route === route).length,
    async stop() {
      await proxy.close();
      const built = join(stateDir, DESCRIPTORS);
      if (cache && (await exists(built))) {
        // Through a temporary name: a run reading the cache never sees half a file.
        await copyFile(built, `${cache}.${process.pid}.tmp`);
        await rename(`${cache}.${process.pid}.tmp`, cache);
      }
      await rm(stateDir, { recursive: true, force: true });
    },
  };
}
