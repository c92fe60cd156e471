// Idempotency-Key and X-Project-Reference are checked here with src/api's validators (400 as the
// spec says), so a malformed one never costs a call to the service.

import type { MiddlewareHandler } from "hono";
import { validateIdempotencyKey, validateProjectReference } from "../../api/contract/validate/headers";
import type { ProxyEnv } from "../context";

export function keyHeaders(): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const key = c.req.header("idempotency-key");
    if (key !== undefined) validateIdempotencyKey(key);
    const reference = c.req.header("x-project-reference");
    if (reference !== undefined) validateProjectReference(reference);
    await next();
  };
}
