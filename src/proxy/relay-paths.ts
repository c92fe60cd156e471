// Whether a relayed URL on the service's own origin names an API path. The service decodes
// percent-encoding before it routes (so /%763/credits is /v3/credits to it), may fold case, and a
// file path never needs an encoded slash or dot: the check reads the path as the service would,
// decoded until it stops changing, backslashes as slashes, repeated slashes as one, dot segments
// resolved, in lower case. A path that does not decode is refused as well.

const MAX_DECODES = 4;

/** The path as a lenient server would route it, or undefined when it does not decode. */
export function routedPath(pathname: string): string | undefined {
  let path = pathname;
  for (let round = 0; round < MAX_DECODES; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return undefined;
    }
    if (decoded === path) break;
    path = decoded;
  }
  if (/%[0-9a-f]{2}/i.test(path)) return undefined; // still encoded after MAX_DECODES rounds
  const slashed = path.replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  const resolved: string[] = [];
  for (const segment of slashed.split("/")) {
    if (segment === "..") resolved.pop();
    else if (segment !== ".") resolved.push(segment);
  }
  return resolved.join("/").toLowerCase();
}

/** True when `pathname` (under the service's base path `prefix`) reaches the service's API. */
export function isApiPath(pathname: string, prefix: string): boolean {
  const routed = routedPath(pathname);
  if (routed === undefined) return true;
  const api = `${prefix.toLowerCase()}/v3`;
  return routed === api || routed.startsWith(`${api}/`);
}
