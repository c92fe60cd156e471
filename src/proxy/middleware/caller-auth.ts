// Callers prove who they are with `Authorization: Bearer <token>`, one of the operator's tokens.
// Open access (no token needed) exists only when the operator switched it on.

import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../api/errors";
import type { AccessToken, ProxyEnv } from "../context";
import { tokenMatcher } from "../tokens";

export const OPEN_ACCESS_LABEL = "open";

export function callerAuth(tokens: readonly AccessToken[], openAccess: boolean): MiddlewareHandler<ProxyEnv> {
  const findToken = tokenMatcher(tokens);
  return async (c, next) => {
    const header = c.req.header("authorization");
    const match = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] !== undefined && tokens.length > 0) {
      const token = findToken(match[1]);
      if (!token)
        throw new ApiError(401, "invalid_credentials", "The proxy access token is not one this proxy knows.");
      c.set("tokenLabel", token.label);
    } else if (openAccess) {
      c.set("tokenLabel", OPEN_ACCESS_LABEL);
    } else {
      throw new ApiError(
        401,
        "invalid_credentials",
        "This proxy needs an access token: send Authorization: Bearer <token> (set it in the plugin's settings).",
      );
    }
    await next();
  };
}
