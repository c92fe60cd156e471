// `url` (reverse image search) and `image_url` (AI generation) make the service fetch a URL the
// caller chose. Before the service is called, each such field must be http(s) and lead, through
// every redirect, only to public addresses. The body is read to find them (the body limit in front
// bounds it) and forwarded byte for byte.

import type { MiddlewareHandler } from "hono";
import { invalidRequest } from "../../api/errors";
import type { ProxyEnv } from "../context";
import { checkRedirectChain, type OutboundPolicy, type ProbeHop, parseHttpUrl } from "../ssrf/outbound-url";

const URL_FIELDS = ["url", "image_url"] as const;

async function fieldValues(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Map<string, unknown[]>> {
  const found = new Map<string, unknown[]>();
  const add = (name: string, value: unknown) => {
    if ((URL_FIELDS as readonly string[]).includes(name))
      found.set(name, [...(found.get(name) ?? []), value]);
  };
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
      throw invalidRequest("The request body is not valid JSON.");
    }
    if (typeof body === "object" && body !== null && !Array.isArray(body)) {
      for (const [name, value] of Object.entries(body)) add(name, value);
    }
  } else if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded") {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
    } catch {
      throw invalidRequest("The form body could not be read.");
    }
    for (const [name, value] of form.entries()) add(name, typeof value === "string" ? value : "(a file)");
  }
  return found;
}

export function urlFieldGuard(
  policy: OutboundPolicy,
  probe: ProbeHop | undefined,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const bytes = new Uint8Array(await raw.arrayBuffer());
    const fields = await fieldValues(bytes, raw.headers.get("content-type") ?? "");
    for (const [name, values] of fields) {
      for (const value of values) await checkRedirectChain(name, parseHttpUrl(name, value), policy, probe);
    }
    const headers = new Headers(raw.headers);
    headers.set("content-length", String(bytes.byteLength));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: bytes, signal: raw.signal });
    await next();
  };
}
