// Request targets that could steer the service somewhere else never get past this: percent-encoding
// (so no %2F, %5C or %2E), backslashes, empty or dot segments, absolute-form targets. The v3 paths
// and their ids (UUIDs, operation names) need none of these.

const SAFE_PATH = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;

export function isSafePath(pathname: string): boolean {
  if (!SAFE_PATH.test(pathname)) return false;
  return !pathname.split("/").some((segment) => segment === "." || segment === "..");
}

/**
 * The raw request target as the client sent it (Node's IncomingMessage.url), before any URL parser
 * resolved "..", turned "\" into "/" or accepted an absolute URL: only origin-form is accepted.
 */
export function isSafeRequestTarget(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//")) return false;
  const query = target.indexOf("?");
  return isSafePath(query === -1 ? target : target.slice(0, query));
}

/** One path parameter (item uuid, job id, task id, operation name). */
export const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/;
