// JSON bodies checked for size and nesting before they are parsed, and parsed once: a 10 MB body of
// nested arrays costs JSON.parse seconds of the event loop and hundreds of MB, while the depth scan
// (engines/json-depth.ts) refuses it in milliseconds. Refusals are 400 invalid_request naming the limit.

import { invalidRequest } from "../../api/errors";
import { jsonDepthWithin } from "../engines/json-depth";

export interface JsonBounds {
  maxBytes: number;
  maxDepth: number;
  /** Names the body in messages: "A reverse image search JSON body". */
  what: string;
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
