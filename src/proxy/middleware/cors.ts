// The plugin's iframe has a null origin, so that is the only origin answered. Only the methods and
// request headers the routes use are allowed; the headers the client reads are exposed.

import { cors } from "hono/cors";

export const EXPOSED_HEADERS = [
  "X-RateLimit-Limit",
  "X-RateLimit-Remaining",
  "X-RateLimit-Reset",
  "Retry-After",
  "X-Credits-Consumed",
  "Location",
  "Content-Type",
  "Content-Length",
  "X-Request-Id",
  "X-Preview-Grant",
  "X-Preview-Hosts",
];

export function nullOriginCors() {
  return cors({
    origin: (origin) => (origin === "null" ? "null" : null),
    allowMethods: ["GET", "POST"],
    allowHeaders: ["Authorization", "Content-Type", "Idempotency-Key", "X-Project-Reference"],
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: 600,
  });
}
