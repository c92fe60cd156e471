// Calling the service: the URL under its base, the proxy's own credentials, and a deadline for the
// status line. The body is streamed in and out; the deadline stops at the headers so a large file
// may take as long as it needs once it flows, as long as it does flow (upstream-body.ts).

import { ApiError } from "../api/contract/errors";
import { NULL_BODY_STATUSES } from "../api/contract/null-body";
import type { Upstream } from "./context";
import { guardedBody } from "./upstream-body";

export interface UpstreamSettings {
  upstream: Upstream;
  /** The service's base URL, no trailing slash (a path prefix is kept). */
  baseUrl: string;
  clientId: string;
  clientSecret?: string;
  timeoutMs: number;
}

export function upstreamUrl(settings: UpstreamSettings, pathAndQuery: string): string {
  return `${settings.baseUrl}${pathAndQuery}`;
}

/**
 * Client-ID on every call, Client-Secret on every call too when configured: search and items work
 * with the ID alone, but then every designer behind this proxy shares one unverified budget of 60
 * reads a minute (per client id and address, and they all have the proxy's address); with the secret
 * the plan's limit applies. The secret travels only from here to the service.
 */
export function withCredentials(settings: UpstreamSettings, headers: Headers): Headers {
  headers.set("client-id", settings.clientId);
  if (settings.clientSecret !== undefined) headers.set("client-secret", settings.clientSecret);
  return headers;
}

export interface UpstreamAnswer {
  response: Response;
  ms: number;
  /** The response was made here (its body guarded): its headers are the proxy's to change. */
  own: boolean;
}

function withGuardedBody(response: Response, idleMs: number, controller: AbortController): Response {
  if (response.body === null || NULL_BODY_STATUSES.has(response.status)) return response;
  return new Response(
    guardedBody(response.body, idleMs, () => controller.abort()),
    { status: response.status, statusText: response.statusText, headers: response.headers },
  );
}

/** `build` makes the request with the signal that enforces the deadline and the caller's departure. */
export async function callUpstream(
  settings: UpstreamSettings,
  build: (signal: AbortSignal) => Request,
  callerSignal?: AbortSignal,
): Promise<UpstreamAnswer> {
  const controller = new AbortController();
  const abortFromCaller = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener("abort", abortFromCaller, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(
        new ApiError(
          504,
          "upstream_timeout",
          `The asset service did not answer within ${Math.round(settings.timeoutMs / 1000)} s. Work it had accepted may still finish: retry with the same Idempotency-Key so it is not paid for twice.`,
        ),
      );
    }, settings.timeoutMs);
  });
  const started = performance.now();
  try {
    // The in-process service may not watch the signal; the race makes the deadline hold anyway.
    const response = await Promise.race([settings.upstream(build(controller.signal)), deadline]);
    const guarded = withGuardedBody(response, settings.timeoutMs, controller);
    return { response: guarded, ms: performance.now() - started, own: guarded !== response };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (callerSignal?.aborted) throw new ApiError(499, "aborted", "The caller went away.");
    throw new ApiError(502, "network_error", "The asset service could not be reached.", { cause: error });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener("abort", abortFromCaller);
  }
}
