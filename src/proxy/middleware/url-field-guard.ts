// `url` (reverse image search) and `image_url` (AI generation) make the service fetch a URL the
// caller chose. Before the service is called, each such field must be http(s) and name a host that
// is not, and does not resolve to, an inside address (ssrf/outbound-url.ts says why redirects are
// left to whoever fetches). The body is read to find them (the body limit in front bounds it) and
// forwarded byte for byte.
//
// Each URL field may appear once: a repeated one is a 400 naming it, so no body carries a hundred
// URLs to check, and no parser that keeps the first of two sees another URL than the proxy checked.

import type { MiddlewareHandler } from "hono";
import { invalidRequest, uploadTooLarge } from "../../api/errors";
import type { ProxyEnv } from "../context";
import { boundedResolve } from "../ssrf/bounded-resolve";
import { checkOutboundHost, type OutboundPolicy, parseHttpUrl } from "../ssrf/outbound-url";
import { topLevelKeys } from "../ssrf/top-level-keys";

const URL_FIELDS: readonly string[] = ["url", "image_url"];
/** A JSON submission carries no file (files are multipart): a URL, a prompt, filters. */
export const JSON_SUBMISSION_LIMIT = 64 * 1024;

function refuseRepeated(name: string): never {
  throw invalidRequest(`The field ${name} may be sent once; this request repeats it.`);
}

function jsonFields(bytes: Uint8Array): Map<string, unknown> {
  if (bytes.byteLength > JSON_SUBMISSION_LIMIT)
    throw uploadTooLarge(
      `A JSON body may be at most ${JSON_SUBMISSION_LIMIT / 1024} KB; files go as multipart.`,
    );
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidRequest("The request body is not valid JSON.");
  }
  const found = new Map<string, unknown>();
  if (typeof body !== "object" || body === null || Array.isArray(body)) return found;
  const seen = new Set<string>();
  for (const name of topLevelKeys(text)) {
    if (!URL_FIELDS.includes(name)) continue;
    if (seen.has(name)) refuseRepeated(name);
    seen.add(name);
  }
  for (const name of URL_FIELDS)
    if (Object.hasOwn(body, name)) found.set(name, (body as Record<string, unknown>)[name]);
  return found;
}

async function formFields(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Map<string, unknown>> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw invalidRequest("The form body could not be read.");
  }
  const found = new Map<string, unknown>();
  for (const [name, value] of form.entries()) {
    if (!URL_FIELDS.includes(name)) continue;
    if (found.has(name)) refuseRepeated(name);
    found.set(name, typeof value === "string" ? value : "(a file)");
  }
  return found;
}

async function urlFields(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Map<string, unknown>> {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) return jsonFields(bytes);
  if (type === "multipart/form-data" || type === "application/x-www-form-urlencoded")
    return formFields(bytes, contentType);
  return new Map();
}

export function urlFieldGuard(shared: OutboundPolicy): MiddlewareHandler<ProxyEnv> {
  // Bounded here only: the relay's lookups are for the operator's own file hosts, many at once.
  const policy = shared.resolve ? { ...shared, resolve: boundedResolve(shared.resolve) } : shared;
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const bytes = new Uint8Array(await raw.arrayBuffer());
    // At most one value per URL field: two lookups a request at most, each bounded (bounded-resolve.ts).
    for (const [name, value] of await urlFields(bytes, raw.headers.get("content-type") ?? "")) {
      await checkOutboundHost(name, parseHttpUrl(name, value), policy);
    }
    const headers = new Headers(raw.headers);
    headers.set("content-length", String(bytes.byteLength));
    c.req.raw = new Request(raw.url, { method: raw.method, headers, body: bytes, signal: raw.signal });
    await next();
  };
}
