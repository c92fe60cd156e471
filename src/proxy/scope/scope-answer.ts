// The answers that name a team's work, rewritten for the team that asked (signing/team-scope.ts):
// conversion job answers (submission, idempotent repeat, poll), AI task answers (submission, poll,
// and the 409 of a repeated key, whose data.tasks lists the original tasks), the reverse search's
// image_hash, and the Location of a 202. Ids are wrapped to the caller's label; any link to the
// service or its file hosts in a job or task answer (the result) becomes a sealed /relay/r link.
//
// The walk looks for the fields by name at any depth, not at one path, because the real service's
// job and task shapes are not shown by the spec (the api client reads them the same way, in
// api/client/answer-readers.ts).
// An answer that cannot be read whole is refused rather than passed on with the service's own ids.

import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import { proxyOrigin } from "../forward";
import { readBytesUpTo } from "../read-body";
import { replaceResponse } from "../replace-response";
import type { ScopedKind, TeamScope } from "../signing/team-scope";
import { callerLabel } from "./caller-label";

/** Job and task answers are a few hundred bytes; a reverse search page a few hundred KB. */
const MAX_SCOPED_BODY = 4 * 1024 * 1024;
const MAX_DEPTH = 8;
export const RESULT_LINK_PATH = "/relay/r";

export type AnswerKind = "job" | "task" | "reverse";

/** The fields that carry an id, per kind of record (as the api client's readers look for them). */
const JOB_ID_FIELDS = ["uuid", "id", "job_id"];
const TASK_ID_FIELDS = ["task_id", "id", "uuid"];

export interface ScopeAnswerDeps {
  scope: TeamScope;
  /** URL.host values whose files /relay fetches: links to them in job and task answers are sealed. */
  relayHosts: ReadonlySet<string>;
  /** The service's base URL (no trailing slash): its /v3 paths are API calls, never sealed. */
  upstreamBase: string;
  publicUrl?: string;
}

interface Rewrite {
  kind: AnswerKind;
  label: string;
  deps: ScopeAnswerDeps;
  origin: string;
  pending: Promise<void>[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Replaces `holder[key]` (a string or number id) with its wrapped form, once the tag is made. */
function wrapAt(
  rw: Rewrite,
  kind: ScopedKind,
  holder: Record<string, unknown> | unknown[],
  key: string | number,
) {
  const value = (holder as Record<string | number, unknown>)[key];
  if (typeof value !== "string" && typeof value !== "number") return;
  const id = String(value);
  if (id === "") return;
  rw.pending.push(
    rw.deps.scope.wrap(kind, rw.label, id).then((wrapped) => {
      (holder as Record<string | number, unknown>)[key] = wrapped;
    }),
  );
}

function wrapFields(rw: Rewrite, kind: ScopedKind, record: Record<string, unknown>, fields: string[]) {
  for (const field of fields) wrapAt(rw, kind, record, field);
}

/** A link to the service's files (not its API): the result of a job or task. */
function isResultLink(value: string, deps: ScopeAnswerDeps): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (!deps.relayHosts.has(url.host)) return false;
  const base = new URL(deps.upstreamBase);
  const prefix = base.pathname.replace(/\/$/, "");
  return !(url.origin === base.origin && url.pathname.startsWith(`${prefix}/v3/`));
}

function sealAt(rw: Rewrite, holder: Record<string, unknown> | unknown[], key: string | number) {
  const value = (holder as Record<string | number, unknown>)[key];
  if (typeof value !== "string" || !isResultLink(value, rw.deps)) return;
  rw.pending.push(
    rw.deps.scope.seal(rw.label, value).then((token) => {
      (holder as Record<string | number, unknown>)[key] = `${rw.origin}${RESULT_LINK_PATH}?f=${token}`;
    }),
  );
}

/** Task ids: every `tasks` list (objects or bare ids, data.tasks of a 409 included) and every `task`. */
function visitTasks(rw: Rewrite, node: unknown, depth: number) {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(node)) {
    for (const item of node) visitTasks(rw, item, depth + 1);
    return;
  }
  if (!isRecord(node)) return;
  const tasks = node.tasks;
  if (Array.isArray(tasks)) {
    tasks.forEach((item, index) => {
      if (isRecord(item)) wrapFields(rw, "task", item, TASK_ID_FIELDS);
      else wrapAt(rw, "task", tasks, index);
    });
  }
  if (isRecord(node.task)) wrapFields(rw, "task", node.task, TASK_ID_FIELDS);
  for (const [name, child] of Object.entries(node))
    if (name !== "tasks" && name !== "task") visitTasks(rw, child, depth + 1);
}

/** Result links, wherever a job or task answer puts them. */
function visitLinks(rw: Rewrite, node: unknown, depth: number) {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(node)) {
    node.forEach((_, index) => {
      sealAt(rw, node, index);
      visitLinks(rw, node[index], depth + 1);
    });
    return;
  }
  if (!isRecord(node)) return;
  for (const name of Object.keys(node)) {
    sealAt(rw, node, name);
    visitLinks(rw, node[name], depth + 1);
  }
}

async function rewriteBody(body: unknown, rw: Rewrite): Promise<void> {
  if (!isRecord(body)) return;
  const response = isRecord(body.response) ? body.response : undefined;
  if (rw.kind === "reverse") {
    if (response) wrapAt(rw, "image", response, "image_hash");
  } else if (rw.kind === "job") {
    // A job sits at response.job (shown), or is the response itself.
    const job = response && isRecord(response.job) ? response.job : response;
    if (job) wrapFields(rw, "job", job, JOB_ID_FIELDS);
    visitLinks(rw, body, 0);
  } else {
    visitTasks(rw, body, 0);
    // A polled task may be the response itself.
    if (response && "task_id" in response) wrapFields(rw, "task", response, TASK_ID_FIELDS);
    visitLinks(rw, body, 0);
  }
  await Promise.all(rw.pending);
}

const LOCATION_IDS: [RegExp, ScopedKind][] = [
  [/^\/v3\/convert\/jobs\/([^/]+)$/, "job"],
  [/^\/v3\/ai\/tasks\/([^/]+)$/, "task"],
];

/** Location names a job or a task on the proxy (forward.ts rewrote it): its id is wrapped too. */
async function scopedLocation(location: string, rw: Rewrite): Promise<string> {
  let url: URL;
  try {
    url = new URL(location, rw.origin);
  } catch {
    return location;
  }
  if (url.origin !== new URL(rw.origin).origin) return location;
  for (const [pattern, kind] of LOCATION_IDS) {
    const id = pattern.exec(url.pathname)?.[1];
    if (id === undefined) continue;
    const wrapped = await rw.deps.scope.wrap(kind, rw.label, decodeURIComponent(id));
    return `${url.origin}${url.pathname.slice(0, -id.length)}${encodeURIComponent(wrapped)}${url.search}`;
  }
  return location;
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

export function scopeAnswer(kind: AnswerKind, deps: ScopeAnswerDeps): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    await next();
    const answer = c.res;
    // A synchronous conversion answers 200 with the file itself (lottie-optimize's is JSON): not ours.
    if (kind === "job" && c.req.method === "POST" && answer.status === 200) return;
    const rw: Rewrite = {
      kind,
      label: callerLabel(c),
      deps,
      origin: proxyOrigin(c, deps.publicUrl),
      pending: [],
    };
    // The answers here are the proxy's own (forward.ts made them), so their headers can be set.
    const location = answer.headers.get("location");
    if (location !== null) answer.headers.set("location", await scopedLocation(location, rw));
    if (c.req.method === "HEAD") return;
    const headers = new Headers(answer.headers);
    const bytes = await readBytesUpTo(answer.body, MAX_SCOPED_BODY);
    if (bytes === undefined)
      throw new ApiError(502, "invalid_response", "The asset service's answer is too large to pass on.");
    // An answer the proxy cannot read is one whose ids it cannot wrap: passed on, it would hand the
    // caller the service's bare ids (another team's included). Refused instead, as any garbage from
    // the service is; an empty body holds no id.
    if (bytes.byteLength === 0) {
      await replaceResponse(c, new Response(null, { status: answer.status, headers }));
      return;
    }
    // Read as JSON whatever its content-type claims: a mislabelled answer still has its ids wrapped.
    const body = parseJson(bytes);
    if (body === undefined)
      throw new ApiError(
        502,
        "invalid_response",
        "The asset service's answer is not JSON; it is not passed on.",
      );
    await rewriteBody(body, rw);
    headers.delete("content-length");
    headers.delete("etag");
    await replaceResponse(c, new Response(JSON.stringify(body), { status: answer.status, headers }));
  };
}
