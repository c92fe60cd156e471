// Routes of the scripted proxy beyond search: downloads, the files they point at, items, credits.

import { json, PROXY, type Route, searchRoute, signedLink } from "./fake-service";

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

/** Search answered as the proxy answers it: each preview a signed link, the originals in source_urls. */
export function signedSearchRoute(total: number, expiresAtSeconds?: () => number): Route {
  const plain = searchRoute(total);
  return (url, request) => {
    const answer = plain(url, request);
    if (!(answer instanceof Response)) return answer;
    return answer
      .json()
      .then((body: { response: { items: { total: number; data: Record<string, unknown>[] } } }) => {
        const data = body.response.items.data.map((asset) => {
          const source_urls = asset.urls as Record<string, string>;
          const urls = Object.fromEntries(
            Object.entries(source_urls).map(([k, v]) => [k, signedLink(v, expiresAtSeconds?.())]),
          );
          return { ...asset, urls, source_urls };
        });
        return json({ items: { total: body.response.items.total, data } });
      });
  };
}
