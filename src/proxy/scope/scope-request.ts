// The ids a team sends back, checked and unwrapped before the service is called
// (signing/team-scope.ts): a job or task id in the path, an image_hash in a reverse search's body.
// An id that was not given to the caller's label is unknown: 404 for a job or task, as the service
// answers another client's; 400 for an image_hash, as the service answers an unknown one. Either
// way the service is never asked, so nothing of another team's work can be learnt from it.

import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../../api/contract/envelope";
import { invalidRequest } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import type { TeamScope } from "../signing/team-scope";
import { sendBody, submissionOf } from "../submission";
import { callerLabel } from "./caller-label";

const NOT_FOUND: Record<"job" | "task", string> = {
  job: "No conversion job with that id for this token.",
  task: "No AI task with that id for this token.",
};

/** `/v3/convert/jobs/:job`, `/v3/ai/tasks/:task`: the service's own id goes upstream. */
export function scopedPathId(
  scope: TeamScope,
  kind: "job" | "task",
  param: string,
): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const wrapped = c.req.param(param) ?? "";
    const id = await scope.unwrap(kind, callerLabel(c), wrapped);
    if (id === undefined) return errorResponse(404, "not_found", NOT_FOUND[kind]);
    const path = c.req.path;
    c.set("upstreamPath", `${path.slice(0, path.length - wrapped.length)}${encodeURIComponent(id)}`);
    await next();
  };
}

const IMAGE_HASH = "image_hash";
const UNKNOWN_HASH = "image_hash is unknown or has expired; send the image again as file or url.";
async function unwrapHash(scope: TeamScope, label: string, value: unknown): Promise<unknown> {
  // Only a string is an image_hash; anything else is left for the service to refuse.
  if (typeof value !== "string") return value;
  const hash = await scope.unwrap("image", label, value);
  if (hash === undefined) throw invalidRequest(UNKNOWN_HASH);
  return hash;
}

const encoder = new TextEncoder();

type Rebuilt = { body: Uint8Array<ArrayBuffer>; contentType?: string } | undefined;

async function rebuildJson(scope: TeamScope, label: string, body: unknown): Promise<Rebuilt> {
  if (typeof body !== "object" || body === null || Array.isArray(body) || !(IMAGE_HASH in body))
    return undefined;
  const record = { ...(body as Record<string, unknown>) };
  const value = record[IMAGE_HASH];
  record[IMAGE_HASH] = Array.isArray(value)
    ? await Promise.all(value.map((item) => unwrapHash(scope, label, item)))
    : await unwrapHash(scope, label, value);
  return { body: encoder.encode(JSON.stringify(record)) };
}

async function rebuildForm(
  scope: TeamScope,
  label: string,
  form: FormData,
  urlencoded: boolean,
  type: string,
): Promise<Rebuilt> {
  // Passed on as the proxy read it, image_hash or not: a service whose form parser read the
  // caller's bytes otherwise could find an image_hash the check here never saw.
  const rebuilt = new FormData();
  for (const [name, value] of form.entries()) {
    if (name === IMAGE_HASH) rebuilt.append(name, (await unwrapHash(scope, label, value)) as string | Blob);
    else rebuilt.append(name, value);
  }
  if (urlencoded) {
    const pairs = [...rebuilt.entries()].map(([name, value]) => [name, String(value)]);
    return { body: encoder.encode(new URLSearchParams(pairs).toString()), contentType: type };
  }
  // A new boundary: the content type is the serialised form's own.
  const serialised = new Response(rebuilt);
  return {
    body: new Uint8Array(await serialised.arrayBuffer()),
    contentType: serialised.headers.get("content-type") ?? type,
  };
}

/** POST /v3/reverse-image-search: the caller's image_hash unwrapped, in JSON, multipart or a form. */
export function scopedImageHash(scope: TeamScope): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    if (!c.req.raw.body) return next();
    // Read once for this and the URL guard (submission.ts), within the body limit in front.
    const { parsed, contentType } = await submissionOf(c);
    const label = callerLabel(c);
    // Always parsed, never searched for the name: JSON escapes and form encodings can spell it
    // in bytes that do not read "image_hash". What cannot be parsed is refused, not passed on.
    let rebuilt: Rebuilt;
    if (parsed.kind === "json") rebuilt = await rebuildJson(scope, label, parsed.value);
    else if (parsed.kind === "form")
      rebuilt = await rebuildForm(scope, label, parsed.form, parsed.urlencoded, contentType);
    else throw invalidRequest("A reverse image search is sent as application/json or multipart/form-data.");
    if (rebuilt) sendBody(c, rebuilt.body, rebuilt.contentType);
    await next();
  };
}
