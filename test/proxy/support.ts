// Shared set-up for the proxy's integration tests: the local API (or, where the local API cannot
// show what the proxy sent, a recording service) over real HTTP on 127.0.0.1, and the proxy in front.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { createLocalApi } from "../../src/local-api/app";
import { createProxy, type ProxyOptions } from "../../src/proxy/app";
import { type RunningProxy, serveProxy } from "../../src/proxy/node/server";
import { streamingFetch } from "../../src/proxy/node/upstream";
import { createTeamScope, type ScopedKind, scopeSecret } from "../../src/proxy/signing/team-scope";
import { type LoopbackServer, serveOnLoopback } from "../support/loopback";

export const CLIENT_ID = "proxy-test-client";
/** Distinctive, so a leak anywhere is found by a plain substring search. */
export const CLIENT_SECRET = "s3cret-9f2c7e1a-never-leaves-the-proxy";
export const TEAM_TOKEN = "team-token-0123456789abcdef";
export const OTHER_TOKEN = "other-token-fedcba9876543210";
export const TOKENS = [
  { label: "design-team", token: TEAM_TOKEN },
  { label: "marketing", token: OTHER_TOKEN },
];

export const auth = (token = TEAM_TOKEN) => ({ authorization: `Bearer ${token}` });
/** PROXY_SIGNING_KEY in tests: distinctive, so a leak is found by a plain substring search. */
/** A multipart upload as the plugin sends one: the file in `file`, then the form's other fields. */
export function upload(
  bytes: BlobPart,
  type: string,
  name: string,
  fields: Record<string, string> = {},
): FormData {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

export const SIGNING_KEY = "signing-key-4d1f0b7e9a2c6e3f8b5d0a1c7e9f2b4d";

/** The form of a service id the proxy (keyed with SIGNING_KEY) gives the team `label`. */
export function scopedId(kind: ScopedKind, id: string, label = "design-team"): Promise<string> {
  return createTeamScope(scopeSecret(SIGNING_KEY, undefined)).wrap(kind, label, id);
}

/** The Idempotency-Key the service sees for the team `label`'s `key`. */
export function scopedIdempotencyKey(key: string, label = "design-team"): Promise<string> {
  return createTeamScope(scopeSecret(SIGNING_KEY, undefined)).idempotencyKey(label, key);
}

/** The service's id inside an id the proxy gave out (`<id>.<tag>`). */
export function serviceId(scoped: string): string {
  return scoped.slice(0, scoped.lastIndexOf("."));
}

export interface LocalApiServer extends LoopbackServer {
  stateDir: string;
}

/** The local API with one account whose secret is CLIENT_SECRET, served on 127.0.0.1. */
export async function startLocalApi(account: Record<string, unknown> = {}): Promise<LocalApiServer> {
  const stateDir = mkdtempSync(join(tmpdir(), "proxy-test-state-"));
  const api = createLocalApi({
    stateDir,
    accounts: { clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...account }] },
  });
  const server = await serveOnLoopback((request) => api.fetch(request));
  return {
    ...server,
    stateDir,
    close: async () => {
      await server.close();
      await api.close();
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

export interface TestProxy extends RunningProxy {
  logs: string[];
}

/** The proxy on 127.0.0.1 in front of `upstreamUrl`, reached as the Node entry does, its log lines captured. */
export async function startProxy(
  upstreamUrl: string,
  overrides: Partial<ProxyOptions> = {},
): Promise<TestProxy> {
  const logs: string[] = [];
  const app = createProxy({
    upstream: streamingFetch,
    fetchFile: streamingFetch,
    upstreamBaseUrl: upstreamUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    tokens: TOKENS,
    rateLimitPerMinute: 10_000,
    signingKey: SIGNING_KEY,
    log: (line) => logs.push(line),
    ...overrides,
  });
  const running = await serveProxy(app.fetch, { host: "127.0.0.1", port: 0 });
  return { ...running, logs };
}

export interface RecordedCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  bodyBytes: number;
}

/**
 * A stand-in for the service that records what reached it and answers with `answer`: used only
 * where the question is what the proxy sent (headers, bodies), which the local API does not report.
 */
export async function startRecordingService(
  answer: (request: Request, call: RecordedCall) => Response | Promise<Response> = () =>
    Response.json({ response: { ok: true } }),
): Promise<LoopbackServer & { calls: RecordedCall[] }> {
  const calls: RecordedCall[] = [];
  const server = await serveOnLoopback(async (request) => {
    const call: RecordedCall = {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      bodyBytes: 0,
    };
    calls.push(call);
    if (request.body && !new URL(request.url).pathname.endsWith("/operations")) {
      const reader = request.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read())
        call.bodyBytes += read.value.byteLength;
    }
    return answer(request, call);
  });
  return { ...server, calls };
}

export async function envelopeOf(response: Response): Promise<{ reason: string; message: string }> {
  const body = (await response.json()) as { data: { reason: string; message: string } };
  return body.data;
}

export type ServiceAnswer = Parameters<typeof startRecordingService>[0];

/**
 * For a test file whose tests each put a proxy in front of a recording service: returns the set-up
 * that starts both, and closes them after each test. `workCalls` leaves out the operations
 * catalogue the proxy reads for its upload limits.
 */
export function recordingProxies(defaults: Partial<ProxyOptions> = {}) {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });
  /** Closes other servers a test started, after it, with the proxies. */
  const closeAfterTest = (...close: (() => Promise<void>)[]) => closers.push(...close);
  const setUp = async (answer?: ServiceAnswer, overrides: Partial<ProxyOptions> = {}) => {
    const service = await startRecordingService(answer);
    const proxy = await startProxy(service.url, { ...defaults, ...overrides });
    closers.push(proxy.close, service.close);
    const workCalls = () => service.calls.filter((call) => !call.url.endsWith("/operations"));
    return { service, proxy, workCalls };
  };
  return { setUp, closeAfterTest };
}
