// A submission's body, read and parsed once for every check that looks inside it: the URL fields'
// guard and the team scope's image_hash both read a reverse image search, and a 10 MB multipart
// search was parsed twice before. The body limit in front bounds what is read here.

import type { Context } from "hono";
import { invalidRequest, uploadTooLarge } from "../api/contract/errors";
import type { ProxyEnv } from "./context";

/** A JSON submission carries no file (files are multipart): a URL, a prompt, filters, a hash. */
export const JSON_SUBMISSION_LIMIT = 64 * 1024;

export type ParsedBody =
  | { kind: "json"; text: string; value: unknown }
  | { kind: "form"; form: FormData; urlencoded: boolean }
  | { kind: "other" };

export interface Submission {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string;
  parsed: ParsedBody;
}

async function parseBody(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<ParsedBody> {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === "application/json" || type.endsWith("+json")) {
    if (bytes.byteLength > JSON_SUBMISSION_LIMIT)
      throw uploadTooLarge(
        `A JSON body may be at most ${JSON_SUBMISSION_LIMIT / 1024} KB; files go as multipart.`,
      );
    const text = new TextDecoder().decode(bytes);
    try {
      return { kind: "json", text, value: JSON.parse(text) };
    } catch {
      throw invalidRequest("The request body is not valid JSON.");
    }
  }
  const urlencoded = type === "application/x-www-form-urlencoded";
  if (type === "multipart/form-data" || urlencoded) {
    try {
      const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
      return { kind: "form", form, urlencoded };
    } catch {
      throw invalidRequest("The form body could not be read.");
    }
  }
  return { kind: "other" };
}

/** The request's submission: read and parsed by the first check that asks, kept for the next. */
export async function submissionOf(c: Context<ProxyEnv>): Promise<Submission> {
  const kept = c.get("submission");
  if (kept) return kept;
  const raw = c.req.raw;
  const bytes = new Uint8Array(await raw.arrayBuffer());
  const contentType = raw.headers.get("content-type") ?? "";
  const submission = { bytes, contentType, parsed: await parseBody(bytes, contentType) };
  c.set("submission", submission);
  // Read bodies cannot be read again: the request passed on carries the bytes read.
  sendBody(c, bytes);
  return submission;
}

/** Makes `body` the body passed on, with its own length (and type, when it was re-encoded). */
export function sendBody(c: Context<ProxyEnv>, body: Uint8Array<ArrayBuffer>, contentType?: string): void {
  const raw = c.req.raw;
  const headers = new Headers(raw.headers);
  if (contentType) headers.set("content-type", contentType);
  // forward.ts passes Content-Length on: it must describe the body sent.
  headers.set("content-length", String(body.byteLength));
  c.req.raw = new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
}
