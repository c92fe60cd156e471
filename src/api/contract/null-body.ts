// Statuses whose answers carry no body: a Response refuses one for them, so whoever rebuilds an
// answer (the client reading a body inside its retries, the proxy guarding or relaying one) passes
// null there.

export const NULL_BODY_STATUSES: ReadonlySet<number> = new Set([101, 204, 205, 304]);
