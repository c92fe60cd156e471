// JSON bodies checked for size and nesting before they are parsed, and parsed once: a 10 MB body of
// nested arrays costs JSON.parse seconds of the event loop and hundreds of MB, while the depth scan
// (engines/json-depth.ts) refuses it in milliseconds. Refusals are 400 invalid_request naming the limit.

import { invalidRequest } from "../../api/contract/errors";
import { jsonDepthWithin } from "../engines/json-depth";

export interface JsonBounds {
  maxBytes: number;
  maxDepth: number;
  /** Names the body in messages: "A reverse image search JSON body". */
  what: string;
}

/**
 * Reads a request's JSON body within the bounds: refused from Content-Length when it states too
 * much, or as soon as the streamed bytes pass the limit (the rest is never read).
 */
export async function readBoundedJsonBody(request: Request, bounds: JsonBounds): Promise<unknown> {
  const tooLarge = () =>
    invalidRequest(`${bounds.what} may be at most ${bounds.maxBytes / 1024} KB (the limit).`);
  const stated = Number(request.headers.get("content-length") ?? Number.NaN);
  if (stated > bounds.maxBytes) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  for (;;) {
    const next = await reader?.read();
    if (!next || next.done) break;
    size += next.value.byteLength;
    if (size > bounds.maxBytes) {
      await reader?.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(next.value);
  }
  return readBoundedJson(Buffer.concat(chunks).toString("utf8"), bounds);
}

export function readBoundedJson(text: string, bounds: JsonBounds): unknown {
  if (Buffer.byteLength(text) > bounds.maxBytes) {
    throw invalidRequest(`${bounds.what} may be at most ${bounds.maxBytes / 1024} KB (the limit).`);
  }
  if (!jsonDepthWithin(text, bounds.maxDepth)) {
    throw invalidRequest(`${bounds.what} nests more than ${bounds.maxDepth} levels deep (the limit).`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw invalidRequest("The body is not valid JSON.");
  }
}
