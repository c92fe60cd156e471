// Starts the local API over real HTTP on 127.0.0.1 with its own temporary state folder and a clock
// the test moves by hand (no test ever sleeps).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AccountsFile } from "../../src/local-api/accounts/accounts";
import { createLocalApi, type LocalApi, type LocalApiOptions } from "../../src/local-api/app";
import { serveOnLoopback } from "../support/loopback";

export interface RunningLocalApi {
  url: string;
  api: LocalApi;
  stateDir: string;
  clock: { now: number; advance(ms: number): void };
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export const DEMO = { "Client-ID": "local-demo", "Client-Secret": "local-demo-secret" };
export const DEMO_ID_ONLY = { "Client-ID": "local-demo" };

/** 2026-03-10 12:00:30 UTC: mid-minute, mid-month. */
export const START = Date.UTC(2026, 2, 10, 12, 0, 30);

export async function startLocalApi(
  options: Omit<LocalApiOptions, "now" | "stateDir"> & { stateDir?: string } = {},
): Promise<RunningLocalApi> {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "local-api-test-"));
  const clock = {
    now: START,
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const api = createLocalApi({ ...options, stateDir, now: () => clock.now });
  // api.fetch directly: the Node server passes its socket as the second argument, so the caller's
  // address (127.0.0.1) reaches the unverified rate limit as it would in production.
  const server = await serveOnLoopback(api.fetch);
  return {
    url: server.url,
    api,
    stateDir,
    clock,
    get: (path, headers = DEMO_ID_ONLY) => fetch(`${server.url}${path}`, { headers }),
    post: (path, body, headers = DEMO) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
    async close() {
      await server.close();
      await api.close();
      if (!options.stateDir) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** One account with every field written out, overridable per test. */
export function account(overrides: Record<string, unknown> = {}): AccountsFile["clients"][number] {
  return {
    client_id: "acme",
    client_secret: "acme-secret",
    subscription: true,
    covers: ["icon", "illustration", "3d", "lottie", "ai-image"],
    capabilities: { converter: true, ai: true },
    app_enabled: { converter: true, ai: true },
    has_owner: true,
    plan: "pro",
    credits: { allowance: 500, spend_ceiling: false },
    rate_limits: { reads_per_minute: 600, writes_per_minute: 120 },
    max_upload_kb: 5120,
    created_at: "2026-01-15",
    ...overrides,
  } as AccountsFile["clients"][number];
}

export const ACME = { "Client-ID": "acme", "Client-Secret": "acme-secret" };

// biome-ignore lint/suspicious/noExplicitAny: bodies are read loosely, then asserted on field by field.
export type Loose = any;

export async function json(response: Response): Promise<Loose> {
  return response.json();
}
