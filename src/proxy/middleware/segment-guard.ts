// Refuses path parameters (item, job, task, operation) that are not
// one plain segment, so nothing but an id is ever placed into the service's path.

import type { MiddlewareHandler } from "hono";
import { errorResponse } from "../../api/contract/envelope";
import type { ProxyEnv } from "../context";
import { SAFE_SEGMENT } from "../path-guard";

export function segmentGuard(): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    for (const value of Object.values(c.req.param() as Record<string, string>)) {
      if (!SAFE_SEGMENT.test(value))
        return errorResponse(404, "not_found", "There is no such route on this proxy.");
    }
    await next();
  };
}
