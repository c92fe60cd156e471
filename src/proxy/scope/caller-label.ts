// Whose work a request is: the caller's token label, or the one label every open-access caller
// shares (they are one team as far as scoping and budgets go).

import type { Context } from "hono";
import type { ProxyEnv } from "../context";
import { OPEN_ACCESS_LABEL } from "../middleware/caller-auth";

export function callerLabel(c: Context<ProxyEnv>): string {
  return c.get("tokenLabel") ?? OPEN_ACCESS_LABEL;
}
