// GET /relay/r?f=<sealed>: a job's or task's result, for the team that was given the link
// (scope-answer.ts seals it). The token is the caller's: a link opened under another label, altered,
// or made under another secret is unknown (404), and the service's own URL is never shown to anyone.
// The file is then fetched exactly as /relay fetches (host allowlist and every redirect hop checked).

import type { Context } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import { type RelayDeps, relayFile } from "../relay";
import type { TeamScope } from "../signing/team-scope";
import { parseHttpUrl } from "../ssrf/outbound-url";
import { callerLabel } from "./caller-label";

export function resultRelay(scope: TeamScope, deps: RelayDeps) {
  return async (c: Context<ProxyEnv>): Promise<Response> => {
    const tokens = new URL(c.req.url).searchParams.getAll("f");
    const url = tokens.length === 1 ? await scope.open(callerLabel(c), tokens[0]!) : undefined;
    if (url === undefined) throw new ApiError(404, "not_found", "No result with that link for this token.");
    return relayFile(deps, c, parseHttpUrl("f", url));
  };
}
