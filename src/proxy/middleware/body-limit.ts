// Upload ceilings, enforced while the body streams: a declared Content-Length above the limit is a
// 413 before the service is called; a body without one (chunked) is counted as it passes and cut
// off at the limit, which aborts the upload to the service and answers 413 too. Nothing is buffered.

import type { Context, MiddlewareHandler } from "hono";
import { uploadTooLarge } from "../../api/contract/errors";
import type { ProxyEnv } from "../context";
import { replaceResponse } from "../replace-response";
import { envelopeFor } from "./error-boundary";

export type LimitFor = (c: Context<ProxyEnv>) => Promise<number> | number;

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

export function bodyLimit(limitFor: LimitFor): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!raw.body) return next();
    const max = await limitFor(c);
    const tooLarge = () =>
      uploadTooLarge(`The request body is larger than this route accepts (${sizeText(max)}).`);
    const declared = raw.headers.get("content-length");
    if (declared !== null && Number(declared) > max) throw tooLarge();

    let seen = 0;
    let exceeded = false;
    const counter = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) {
          exceeded = true;
          controller.error(tooLarge());
          return;
        }
        controller.enqueue(chunk);
      },
    });
    c.req.raw = new Request(raw, { body: raw.body.pipeThrough(counter), duplex: "half" } as RequestInit);
    try {
      await next();
    } catch (error) {
      if (exceeded) throw tooLarge();
      throw error;
    }
    // The service saw a broken upload and answered something; the caller learns the real cause.
    if (exceeded) await replaceResponse(c, envelopeFor(tooLarge()));
  };
}
