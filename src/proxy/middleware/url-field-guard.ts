// `url` (reverse image search) and `image_url` (AI generation) make the service fetch a URL the
// caller chose. Before the service is called, each such field must be http(s) and name a host that
// is not, and does not resolve to, an inside address (ssrf/outbound-url.ts says why redirects are
// left to whoever fetches). The body is read to find them (the body limit in front bounds it) and
// forwarded byte for byte.
//
// Each URL field may appear once: a repeated one is a 400 naming it, so no body carries a hundred
// URLs to check, and no parser that keeps the first of two sees another URL than the proxy checked.

import type { MiddlewareHandler } from "hono";
import { invalidRequest } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import { boundedResolver } from "../ssrf/bounded-resolve";
import { checkOutboundHost, type OutboundPolicy, parseHttpUrl } from "../ssrf/outbound-url";
import { topLevelKeys } from "../ssrf/top-level-keys";
import { type ParsedBody, submissionOf } from "../submission";

const URL_FIELDS: readonly string[] = ["url", "image_url"];

function refuseRepeated(name: string): never {
  throw invalidRequest(`The field ${name} may be sent once; this request repeats it.`);
}

function jsonFields(text: string, body: unknown): Map<string, unknown> {
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

function formFields(form: FormData): Map<string, unknown> {
  const found = new Map<string, unknown>();
  for (const [name, value] of form.entries()) {
    if (!URL_FIELDS.includes(name)) continue;
    if (found.has(name)) refuseRepeated(name);
    found.set(name, typeof value === "string" ? value : "(a file)");
  }
  return found;
}

function urlFields(parsed: ParsedBody): Map<string, unknown> {
  if (parsed.kind === "json") return jsonFields(parsed.text, parsed.value);
  if (parsed.kind === "form") return formFields(parsed.form);
  return new Map();
}

export function urlFieldGuard(shared: OutboundPolicy): MiddlewareHandler<ProxyEnv> {
  // Bounded here only: the relay's lookups are for the operator's own file hosts, many at once.
  const resolverFor = shared.resolve ? boundedResolver(shared.resolve) : undefined;
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    // Per caller: one team's slow lookups never take the others' (bounded-resolve.ts).
    const label = c.get("tokenLabel") ?? "";
    const policy = resolverFor ? { ...shared, resolve: resolverFor(label) } : shared;
    const { parsed } = await submissionOf(c);
    // At most one value per URL field: two lookups a request at most, each bounded (bounded-resolve.ts).
    for (const [name, value] of urlFields(parsed)) {
      await checkOutboundHost(name, parseHttpUrl(name, value), policy);
    }
    await next();
  };
}
