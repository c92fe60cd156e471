// Error answers from the service or a file host reach the caller as the v3 envelope: one that is
// already the envelope is passed on byte for byte; anything else (a gateway's HTML page) is reported
// in one with the same status. Only a bounded prefix of an error body is ever read.

import { errorResponse, readErrorData } from "../api/contract/envelope";
import { readBytesUpTo } from "./read-body";

const ERROR_BODY_LIMIT = 64 * 1024;

/** Passes an error answer on when it is the v3 envelope; otherwise reports it in one. */
export async function envelopedError(
  response: Response,
  headers: Headers,
  who = "The asset service",
): Promise<Response> {
  const bytes = await readBytesUpTo(response.body, ERROR_BODY_LIMIT);
  let data: ReturnType<typeof readErrorData>;
  try {
    data = bytes ? readErrorData(JSON.parse(new TextDecoder().decode(bytes))) : undefined;
  } catch {
    data = undefined;
  }
  if (bytes && data) {
    headers.set("content-length", String(bytes.byteLength));
    return new Response(bytes, { status: response.status, headers });
  }
  headers.delete("content-type");
  headers.delete("content-length");
  const reason =
    response.status === 504 ? "upstream_timeout" : response.status === 404 ? "not_found" : "invalid_response";
  return errorResponse(
    response.status,
    reason,
    `${who} answered ${response.status} without an error envelope.`,
    {
      headers,
    },
  );
}
