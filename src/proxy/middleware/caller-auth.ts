// Callers prove who they are with `Authorization: Bearer <token>`, one of the operator's tokens.
// Open access (no token needed) exists only when the operator switched it on. Wrong tokens are
// throttled per address (token-failures.ts); a right one is never refused for others' mistakes. Nothing here reads a body: this runs before any route
// does, so a caller without a token makes the proxy read none of its upload.

import type { MiddlewareHandler } from "hono";
import { ApiError } from "../../api/contract/errors";
import type { AccessToken, ProxyEnv } from "../context";
import {
  callerAddress,
  DEFAULT_TOKEN_FAILURES_PER_MINUTE,
  type TokenFailures,
  tokenFailures,
} from "../token-failures";
import { tokenMatcher } from "../tokens";

export const OPEN_ACCESS_LABEL = "open";

export function callerAuth(
  tokens: readonly AccessToken[],
  openAccess: boolean,
  failures: TokenFailures = tokenFailures(DEFAULT_TOKEN_FAILURES_PER_MINUTE),
  trustForwardedFor = false,
): MiddlewareHandler<ProxyEnv> {
  const findToken = tokenMatcher(tokens);
  return async (c, next) => {
    const header = c.req.header("authorization");
    const match = header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match?.[1] !== undefined && tokens.length > 0) {
      // Compare first: a right token always passes, whatever others sent from the same address (a
      // web page can make a browser send wrong tokens to localhost; a load balancer puts every
      // caller behind one address). Only wrong tokens spend the address's allowance.
      const token = findToken(match[1]);
      if (!token) {
        const address = callerAddress(c, trustForwardedFor);
        const retryAfterSeconds = failures.blockedFor(address);
        if (retryAfterSeconds !== undefined)
          throw new ApiError(
            429,
            "rate_limit_exceeded",
            `Too many wrong access tokens from this address; retry in ${retryAfterSeconds} s.`,
            { retryAfterSeconds },
          );
        failures.fail(address);
        throw new ApiError(401, "invalid_credentials", "The proxy access token is not one this proxy knows.");
      }
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
