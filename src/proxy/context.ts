// What the middlewares tell each other about one request (Hono's typed context variables).

import type { Submission } from "./submission";
import type { AccessToken } from "./tokens";

export interface ProxyVariables {
  requestId: string;
  /** The caller's token label; "open" when open access let an anonymous caller in. */
  tokenLabel?: string;
  /** Milliseconds from sending to the service until its status and headers came back. */
  upstreamMs?: number;
  cache?: "hit" | "miss";
  /** The service's path when it is not the caller's (a team-scoped id unwrapped: scope/). */
  upstreamPath?: string;
  /** A signed preview link that passed its check: the file it names and when it expires. */
  signedPreview?: { url: string; expiresAtMs: number };
  /** The body, read and parsed once by the first check that looks inside it (submission.ts). */
  submission?: Submission;
}

export type ProxyEnv = { Variables: ProxyVariables };

export type Upstream = (request: Request) => Promise<Response>;

export type { AccessToken };
