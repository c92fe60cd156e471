// Routes of the scripted proxy beyond search: downloads, the files they point at, items, credits.

import { json, PROXY, type Route } from "./fake-service";

export const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><path d="M0 0h24v24H0z"/></svg>';
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/** api-download answers with a signed URL; off-proxy ones (cdn) must come back through the relay. */
export function downloadRoute(host: "proxy" | "cdn" = "proxy"): Route {
  return (url, request) => {
    const match = url.pathname.match(/^\/v3\/items\/([^/]+)\/api-download$/);
    if (!match || request.method !== "POST") return undefined;
    const base = host === "proxy" ? `${PROXY}/files` : "https://cdn.example.test/files";
    return request.json().then((body: { format: string }) =>
      json({
        download: { download_url: `${base}/${match[1]}.${body.format}?sig=abc`, expires_at: "2030-01-01" },
      }),
    );
  };
}

export const fileRoute: Route = (url) => {
  const path = url.pathname === "/relay" ? new URL(url.searchParams.get("url") ?? "").pathname : url.pathname;
  if (!path.startsWith("/files/")) return undefined;
  if (path.endsWith(".svg")) return new Response(SVG, { headers: { "content-type": "image/svg+xml" } });
  return new Response(PNG, {
    headers: { "content-type": path.endsWith(".png") ? "image/png" : "application/octet-stream" },
  });
};

export function itemRoute(extra: Record<string, unknown> = {}): Route {
  return (url) => {
    const match = url.pathname.match(/^\/v3\/items\/([^/]+)$/);
    if (!match) return undefined;
    return json({ item: { uuid: match[1], name: `detail of ${match[1]}`, urls: {}, ...extra } });
  };
}

export function creditsRoute(periodEnd: string): Route {
  return (url) =>
    url.pathname === "/v3/credits"
      ? json({
          credits: {
            allowance: 100,
            used: 100,
            remaining: 0,
            period_start: "2026-11-01",
            period_end: periodEnd,
          },
        })
      : undefined;
}

/** The host of the fake's previews, relayed by the grant as the proxy relays its service's files. */
export const RELAYED_HOSTS = [new URL(PROXY).host, "cdn.example.test"];

/** A grant as the proxy makes one (its MAC is not checked here); asked anew for each answer. */
export interface FakeGrant {
  expiresAtSeconds: () => number;
  mac: () => string;
}

export const FRESH_GRANT: FakeGrant = { expiresAtSeconds: () => 4_102_444_800, mac: () => "x".repeat(43) };

function grantLink(grant: FakeGrant): { link: string; e: number } {
  const e = grant.expiresAtSeconds();
  const query = new URLSearchParams({ e: String(e), l: "design-team", g: grant.mac() });
  return { link: `${PROXY}/relay/g?${query}&u=`, e };
}

/** GET /relay/grant answered as the proxy answers it. */
export function grantRoute(grant: FakeGrant = FRESH_GRANT): Route {
  return (url) => {
    if (url.pathname !== "/relay/grant") return undefined;
    const { link, e } = grantLink(grant);
    return json({ link, hosts: RELAYED_HOSTS, expires_at: new Date(e * 1000).toISOString() });
  };
}

/** `route`'s answers with the caller's grant in their headers, as the proxy gives search answers. */
export function granted(route: Route, grant: FakeGrant = FRESH_GRANT): Route {
  return (url, request) => {
    const answer = route(url, request);
    if (answer === undefined) return undefined;
    return Promise.resolve(answer).then((response) => {
      if (response.status !== 200) return response;
      const headers = new Headers(response.headers);
      headers.set("x-preview-grant", grantLink(grant).link);
      headers.set("x-preview-hosts", RELAYED_HOSTS.join(", "));
      return new Response(response.body, { status: 200, headers });
    });
  };
}
