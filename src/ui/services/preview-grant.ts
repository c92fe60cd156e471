// The window's preview grant. Previews load by plain <img src>, which cannot send the access token,
// so the proxy grants the caller its previews once per time bucket, and the window writes each
// preview's link itself: the grant's link with the service's URL appended (preview-links.ts).
// Every answer that names previews carries the caller's current grant in its headers, so the
// window holds a fresh one without a round trip of its own, well before the last one lapses. When
// a preview fails on a link written from the grant still held, the window asks GET /relay/grant
// whether the proxy now gives another (its key changed: a restart without a kept key); if so, the
// results are shown again with links that work.

import type { Transport } from "../../api/client/transport";

export const GRANT_PATH = "/relay/grant";
export const GRANT_HEADER = "x-preview-grant";
export const GRANT_HOSTS_HEADER = "x-preview-hosts";
/** A failed preview asks for a fresh grant at most this often (a page of failures asks once). */
const GRANT_CHECK_SPACING_MS = 30_000;

export interface PreviewGrant {
  /** The start of a preview link: the window appends encodeURIComponent(the service's URL). */
  link: string;
  /** URL.host values the proxy relays: URLs elsewhere are shown as they are. */
  hosts: ReadonlySet<string>;
  expiresAtMs: number;
}

export interface PreviewGrantKeeper {
  /** Takes the grant an answer's headers carry, if any. */
  observe(headers: Headers): void;
  /** The grant to write links with (the latest answer's); undefined before any answer brought one. */
  current(): PreviewGrant | undefined;
  /** After `url` failed to load: true when showing its results again would give it a fresh grant. */
  stale(url: string): Promise<boolean>;
}

/** The grant named by a link's start and its hosts; undefined when they are not one. */
export function grantOf(link: string, hosts: readonly string[]): PreviewGrant | undefined {
  if (!link.endsWith("&u=")) return undefined;
  let expiry: string | null;
  try {
    expiry = new URL(link).searchParams.get("e");
  } catch {
    return undefined;
  }
  if (expiry === null || !/^\d+$/.test(expiry)) return undefined;
  return { link, hosts: new Set(hosts), expiresAtMs: Number(expiry) * 1000 };
}

/** The grant an answer's headers carry; undefined when they carry none. */
export function grantFromHeaders(headers: Headers): PreviewGrant | undefined {
  const link = headers.get(GRANT_HEADER);
  if (link === null) return undefined;
  const hosts = (headers.get(GRANT_HOSTS_HEADER) ?? "").split(",").map((host) => host.trim());
  return grantOf(link, hosts);
}

/** The grant part of a preview link (everything before its `u=`), to compare with the current one. */
const grantPart = (url: string) => url.slice(0, url.lastIndexOf("&u=") + 1);

export function createPreviewGrantKeeper(
  transport: Pick<Transport, "send">,
  now: () => number = Date.now,
): PreviewGrantKeeper {
  let kept: PreviewGrant | undefined;
  let keptHeader = "";
  let lastCheckAt = Number.NEGATIVE_INFINITY;

  async function ask(): Promise<PreviewGrant | undefined> {
    const { response } = await transport.send({ method: "GET", path: GRANT_PATH });
    const answer = ((await response.json()) as { response?: Record<string, unknown> } | null)?.response;
    if (!answer || typeof answer.link !== "string" || !Array.isArray(answer.hosts)) return undefined;
    const hosts = answer.hosts.filter((host): host is string => typeof host === "string");
    const grant = grantOf(answer.link, hosts);
    if (grant) kept = grant;
    return grant;
  }

  return {
    observe(headers) {
      // Most answers bring the grant already held: compared as text, not parsed again.
      const header = `${headers.get(GRANT_HEADER)}\n${headers.get(GRANT_HOSTS_HEADER) ?? ""}`;
      if (header === keptHeader) return;
      const grant = grantFromHeaders(headers);
      if (!grant) return;
      kept = grant;
      keptHeader = header;
    },

    current() {
      return kept;
    },

    async stale(url) {
      if (!kept || !url.startsWith(kept.link.slice(0, kept.link.indexOf("?") + 1))) return false;
      const written = grantPart(url);
      // Written from an earlier grant, or from this one past its end: the next answer brings a fresh one.
      if (written !== grantPart(kept.link) || kept.expiresAtMs <= now()) return true;
      // The grant held now failed: the proxy may have stopped taking it (its key changed).
      if (now() - lastCheckAt < GRANT_CHECK_SPACING_MS) return false;
      lastCheckAt = now();
      const fresh = await ask().catch(() => undefined);
      return fresh !== undefined && grantPart(fresh.link) !== written;
    },
  };
}
