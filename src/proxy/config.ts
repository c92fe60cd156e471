// The proxy's settings, read once from the environment (Node's process.env or a Worker's bindings).
// Every value is checked here so that a typo stops start-up with a message naming the variable,
// instead of surfacing later as a refused request.

import { DEFAULT_SERVER_LIMITS, type ServerLimits } from "../api/server/server-limits";
import { ConfigError } from "./config-error";
import { parseTeamShares, type TeamShares, teamLabels } from "./team-budgets";
import { DEFAULT_TOKEN_FAILURES_PER_MINUTE } from "./token-failures";
import { type AccessToken, parseTokenList } from "./tokens";

export type OpenAccess = "off" | "loopback" | "public";

export interface ProxyConfig {
  port: number;
  host: string;
  /** The real service; undefined means the embedded local API (Node only). */
  upstreamUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** host[:port] of the service's file hosts, relayed by GET /relay. */
  fileHosts: string[];
  tokens: AccessToken[];
  openAccess: OpenAccess;
  /** Requests per token per minute; 0 turns the proxy's own budget off. */
  rateLimitPerMinute: number;
  /** The service's limit a minute for the shared Client-ID (per family and method class); 0: no team budgets. */
  upstreamRateLimitPerMinute: number;
  /** Percent of that limit by team label (PROXY_TEAM_SHARES); teams not named split the rest. */
  teamShares: TeamShares;
  /** Wrong tokens one address may present a minute; 0 turns the throttle off. */
  tokenFailuresPerMinute: number;
  /** PROXY_TRUST_FORWARDED_FOR: the caller's address from X-Forwarded-For (behind a load balancer). */
  trustForwardedFor: boolean;
  upstreamTimeoutMs: number;
  /** The proxy's own origin as callers see it (behind TLS); else each request's own origin. */
  publicUrl?: string;
  /** Default lifetime of a cached read when the service sends no max-age; 0 turns the cache off. */
  cacheTtlMs: number;
  /** Signs preview links (PROXY_SIGNING_KEY); absent: a random key per process. */
  signingKey?: string;
  /**
   * Host names the proxy answers to (host-guard.ts), loopback names aside: PROXY_PUBLIC_URL's,
   * PROXY_ALLOWED_HOSTS and a non-wildcard HOST. Undefined on Workers with neither set.
   */
  allowedHosts?: string[];
  /** Node's server limits (node-server-limits.ts). */
  server: ServerLimits;
}

export { ConfigError };

type Env = Record<string, string | undefined>;

export const DEFAULTS = {
  port: 8787,
  host: "127.0.0.1",
  rateLimitPerMinute: 120,
  upstreamRateLimitPerMinute: 120,
  tokenFailuresPerMinute: DEFAULT_TOKEN_FAILURES_PER_MINUTE,
  upstreamTimeoutMs: 60_000,
  cacheTtlMs: 30_000,
} as const;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === "" ? undefined : raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return Number(raw);
}

/** "1" or "true" on, "0", "false" or unset off; anything else stops the start (a typo must not mean off). */
function switchedOn(env: Env, name: string): boolean {
  const raw = value(env, name)?.toLowerCase();
  if (raw === undefined || raw === "0" || raw === "false") return false;
  if (raw === "1" || raw === "true") return true;
  throw new ConfigError(`${name} must be 1 (or true) or 0 (or false); got "${raw}".`);
}

function origin(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL; got "${raw}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`${name} must be an http(s) URL; got "${raw}".`);
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigError(`${name} must not carry credentials, a query or a fragment.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}

function publicUrl(raw: string | undefined): { publicUrl?: string } {
  const url = origin("PROXY_PUBLIC_URL", raw);
  if (url === undefined) return {};
  // The routes are the service's own /v3 paths, so the proxy has to own the origin's root.
  if (new URL(url).pathname !== "/")
    throw new ConfigError(`PROXY_PUBLIC_URL must be an origin without a path; got "${raw}".`);
  return { publicUrl: new URL(url).origin };
}

/** A comma-separated list of hosts, each read as a URL by `toUrl` and kept as `pick` says. */
function hostList(
  variable: string,
  raw: string | undefined,
  toUrl: (entry: string) => URL,
  pick: (url: URL) => string,
): string[] {
  if (raw === undefined) return [];
  return raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        const url = toUrl(entry);
        if (url.pathname !== "/" || url.search || url.username) throw new Error("not a host");
        return pick(url);
      } catch {
        throw new ConfigError(`${variable} entries must be host names (host[:port]); got "${entry}".`);
      }
    });
}

/** "cdn.example.com, files.example.com:8443, https://x.example" -> ["cdn.example.com", ...] (URL.host form). */
function fileHosts(raw: string | undefined): string[] {
  return hostList(
    "UPSTREAM_FILE_HOSTS",
    raw,
    (entry) => new URL(entry.includes("://") ? entry : `https://${entry}`),
    (url) => url.host,
  );
}

/** Long enough to be a real secret; never echoed in a message. */
function signingKey(raw: string | undefined): { signingKey?: string } {
  if (raw === undefined) return {};
  if (raw.length < 32 || raw.length > 512 || /\s/.test(raw))
    throw new ConfigError(
      "PROXY_SIGNING_KEY must be 32 to 512 characters without spaces (a long random string).",
    );
  return { signingKey: raw };
}

function openAccess(raw: string | undefined): OpenAccess {
  if (raw === undefined) return "off";
  const v = raw.toLowerCase();
  if (["0", "false", "off", "no"].includes(v)) return "off";
  if (["1", "true", "on", "yes", "loopback"].includes(v)) return "loopback";
  if (v === "public") return "public";
  throw new ConfigError(`PROXY_OPEN_ACCESS must be off, loopback (or true) or public; got "${raw}".`);
}

/** "a.example, b.example:8443" -> ["a.example", "b.example"]: names are compared, ports are not. */
function hostNames(raw: string | undefined): string[] {
  return hostList(
    "PROXY_ALLOWED_HOSTS",
    raw,
    (entry) => new URL(`http://${entry}`),
    (url) => url.hostname.toLowerCase(),
  );
}

const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);

function allowedHosts(
  env: Env,
  host: string,
  bindsHost: boolean,
  publicUrl: string | undefined,
): { allowedHosts?: string[] } {
  const listed = hostNames(value(env, "PROXY_ALLOWED_HOSTS"));
  if (publicUrl !== undefined) listed.push(new URL(publicUrl).hostname.toLowerCase());
  // On Workers the name is the deployment's; nothing rebinds to it unless it was listed.
  if (!bindsHost) return listed.length > 0 ? { allowedHosts: listed } : {};
  // In URL.hostname form, as the guard compares: IPv6 in brackets.
  const named = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
  if (!WILDCARD_HOSTS.has(host)) listed.push(named.toLowerCase());
  return { allowedHosts: listed };
}

function serverLimits(env: Env): ServerLimits {
  const d = DEFAULT_SERVER_LIMITS;
  const limits = {
    headersTimeoutS: integer(env, "PROXY_HEADERS_TIMEOUT_S", d.headersTimeoutS, 1, 300),
    requestTimeoutS: integer(env, "PROXY_REQUEST_TIMEOUT_S", d.requestTimeoutS, 1, 3600),
    keepAliveTimeoutS: integer(env, "PROXY_KEEP_ALIVE_TIMEOUT_S", d.keepAliveTimeoutS, 1, 600),
    maxConnections: integer(env, "PROXY_MAX_CONNECTIONS", d.maxConnections, 1, 1_000_000),
    maxConnectionsPerAddress: integer(
      env,
      "PROXY_MAX_CONNECTIONS_PER_ADDRESS",
      d.maxConnectionsPerAddress,
      1,
      1_000_000,
    ),
    shutdownGraceS: integer(env, "PROXY_SHUTDOWN_GRACE_S", d.shutdownGraceS, 0, 600),
  };
  // A request's head is part of the request: Node refuses a head limit past the request's.
  if (limits.requestTimeoutS < limits.headersTimeoutS)
    throw new ConfigError("PROXY_REQUEST_TIMEOUT_S must be at least PROXY_HEADERS_TIMEOUT_S.");
  return limits;
}

export function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * Reads and checks the environment. `readTokensFile` is how PROXY_TOKENS_FILE is read (Node passes
 * fs; Workers have no files). `bindsHost` is false on Workers, where HOST and PORT mean nothing.
 */
export function parseConfig(
  env: Env,
  io: { readTokensFile?: (path: string) => string; bindsHost?: boolean } = {},
): ProxyConfig {
  const bindsHost = io.bindsHost ?? true;
  const upstreamUrl = origin("UPSTREAM_URL", value(env, "UPSTREAM_URL"));
  const clientId = value(env, "CLIENT_ID");
  const clientSecret = value(env, "CLIENT_SECRET");
  if (upstreamUrl !== undefined && clientId === undefined) {
    throw new ConfigError("UPSTREAM_URL is set but CLIENT_ID is not: the service needs both.");
  }
  if (upstreamUrl === undefined && (clientId !== undefined || clientSecret !== undefined)) {
    throw new ConfigError(
      "CLIENT_ID/CLIENT_SECRET are set but UPSTREAM_URL is not: say which service they are for.",
    );
  }

  const tokens = parseTokenList(value(env, "PROXY_TOKENS") ?? "", "PROXY_TOKENS");
  const tokensFile = value(env, "PROXY_TOKENS_FILE");
  if (tokensFile !== undefined) {
    if (!io.readTokensFile) throw new ConfigError("PROXY_TOKENS_FILE cannot be read here; use PROXY_TOKENS.");
    let text: string;
    try {
      text = io.readTokensFile(tokensFile);
    } catch (error) {
      throw new ConfigError(`PROXY_TOKENS_FILE ${tokensFile} cannot be read: ${(error as Error).message}`);
    }
    tokens.push(...parseTokenList(text, `PROXY_TOKENS_FILE ${tokensFile}`, /\r?\n/));
  }
  const labels = new Set<string>();
  for (const token of tokens) {
    if (labels.has(token.label)) throw new ConfigError(`Token label "${token.label}" is used twice.`);
    labels.add(token.label);
  }

  const host = value(env, "HOST") ?? DEFAULTS.host;
  const access = openAccess(value(env, "PROXY_OPEN_ACCESS"));
  // Open access in front of the real service would let any caller that reaches the port spend the
  // account's credits; only the embedded local API (no real money) may run without tokens.
  if (access !== "off" && upstreamUrl !== undefined) {
    throw new ConfigError(
      "PROXY_OPEN_ACCESS is refused in front of the real service (UPSTREAM_URL): give each team a token with PROXY_TOKENS.",
    );
  }
  if (access === "loopback" && !(bindsHost && isLoopbackHost(host))) {
    throw new ConfigError(
      bindsHost
        ? `PROXY_OPEN_ACCESS=loopback needs HOST on loopback (got ${host}); use PROXY_TOKENS, or PROXY_OPEN_ACCESS=public if you mean it.`
        : "PROXY_OPEN_ACCESS=loopback means nothing on Workers; use PROXY_TOKENS (or PROXY_OPEN_ACCESS=public if you mean it).",
    );
  }
  if (tokens.length === 0 && access === "off") {
    throw new ConfigError(
      "No caller can get in: set PROXY_TOKENS (label:token,...) or PROXY_TOKENS_FILE, or PROXY_OPEN_ACCESS=loopback for a proxy on this machine only.",
    );
  }

  const publicUrlSetting = publicUrl(value(env, "PROXY_PUBLIC_URL"));
  return {
    port: integer(env, "PORT", DEFAULTS.port, 0, 65535),
    host,
    ...(upstreamUrl !== undefined ? { upstreamUrl } : {}),
    ...(clientId !== undefined ? { clientId } : {}),
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    fileHosts: fileHosts(value(env, "UPSTREAM_FILE_HOSTS")),
    tokens,
    openAccess: access,
    rateLimitPerMinute: integer(env, "PROXY_RATE_LIMIT", DEFAULTS.rateLimitPerMinute, 0, 1_000_000),
    upstreamRateLimitPerMinute: integer(
      env,
      "PROXY_UPSTREAM_RATE_LIMIT",
      DEFAULTS.upstreamRateLimitPerMinute,
      0,
      1_000_000,
    ),
    teamShares: parseTeamShares(value(env, "PROXY_TEAM_SHARES"), teamLabels(tokens, access !== "off")),
    tokenFailuresPerMinute: integer(
      env,
      "PROXY_TOKEN_FAILURES_PER_MINUTE",
      DEFAULTS.tokenFailuresPerMinute,
      0,
      1_000_000,
    ),
    trustForwardedFor: switchedOn(env, "PROXY_TRUST_FORWARDED_FOR"),
    upstreamTimeoutMs: integer(env, "PROXY_UPSTREAM_TIMEOUT_MS", DEFAULTS.upstreamTimeoutMs, 100, 600_000),
    ...publicUrlSetting,
    ...allowedHosts(env, host, bindsHost, publicUrlSetting.publicUrl),
    server: serverLimits(env),
    cacheTtlMs: integer(env, "PROXY_CACHE_TTL_MS", DEFAULTS.cacheTtlMs, 0, 3_600_000),
    ...signingKey(value(env, "PROXY_SIGNING_KEY")),
  };
}
