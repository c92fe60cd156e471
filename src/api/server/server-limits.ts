// How long a Node server waits for a caller and how many callers it holds at once. Plain data,
// shared by both Node entries (the proxy reads them from its environment, the local API uses the
// defaults) and applied by node-server-limits.ts beside it.

export interface ServerLimits {
  /** Seconds for a request's whole head to arrive (the slowloris bound). */
  headersTimeoutS: number;
  /** Seconds for a whole request, head and body, to arrive. */
  requestTimeoutS: number;
  /** Seconds an idle kept-alive connection stays open. */
  keepAliveTimeoutS: number;
  /** Open connections in all. */
  maxConnections: number;
  /** Open connections from one address. */
  maxConnectionsPerAddress: number;
  /**
   * Seconds a stopping server (SIGTERM) lets requests under way finish before it cuts them; it
   * takes no new connection meanwhile.
   */
  shutdownGraceS: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = {
  headersTimeoutS: 10,
  // An upload of a plan's largest file over a slow link; the head's own bound is the one above.
  requestTimeoutS: 120,
  keepAliveTimeoutS: 5,
  maxConnections: 1000,
  // A browser opens about six connections to one host; an office behind one address has dozens.
  maxConnectionsPerAddress: 128,
  // Under the 30 s a container runtime or systemd waits after SIGTERM before it kills.
  shutdownGraceS: 10,
};
