import type { Context } from "hono";

/**
 * Swaps the answer for another one. Hono copies the old answer's headers onto a new one when both
 * exist, which would carry a stale Content-Length over; clearing first avoids that.
 */
export async function replaceResponse(c: Context, response: Response): Promise<void> {
  await c.res.body?.cancel().catch(() => undefined);
  c.res = undefined;
  c.res = response;
}
