// Fetches a reverse-search image by url on the caller's behalf, refusing anything that leads inside:
// every hop of a redirect chain is checked again, and the address a name resolves to is checked at
// connect time (the check and the connection use the same lookup, so a name cannot resolve to a
// public address for the check and an inside one for the connection). Size and time are bounded.

import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { ApiError } from "../../api/contract/errors";
import { ipLiteral } from "../../api/server/address-policy";
import {
  checkedAddresses,
  checkHostSpelling,
  type OutboundPolicy,
  parseOutboundUrl,
  refused,
} from "./outbound";

export type ImageFetcher = (url: string) => Promise<Uint8Array>;

export interface ImageFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
}

const FIELD = "url";
const STATUS = 400; // the reverse search answers its refusals 400 invalid_request

function checkedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    checkedAddresses(STATUS, FIELD, hostname, policy).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
        if ((options as { all?: boolean }).all)
          (callback as (e: null, a: typeof entries) => void)(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

function get(url: URL, policy: OutboundPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const trusted = policy.trustedHosts.has(url.host) || ipLiteral(url.hostname) !== undefined;
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: "GET",
      signal,
      headers: { accept: "image/png, image/jpeg, image/webp, image/*;q=0.8" },
      ...(trusted ? {} : { lookup: checkedLookup(policy) }),
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

async function readCapped(response: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw refused(STATUS, FIELD, `the image is larger than ${maxBytes / (1024 * 1024)} MB`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      response.destroy();
      throw refused(STATUS, FIELD, `the image is larger than ${maxBytes / (1024 * 1024)} MB`);
    }
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

export function createImageFetcher(policy: OutboundPolicy, limits: ImageFetchLimits): ImageFetcher {
  return async (raw) => {
    let url = parseOutboundUrl(STATUS, FIELD, raw);
    const signal = AbortSignal.timeout(limits.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        checkHostSpelling(STATUS, FIELD, url, policy);
        const response = await get(url, policy, signal);
        const location = response.headers.location;
        if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
          response.resume();
          if (hop >= limits.maxRedirects)
            throw refused(STATUS, FIELD, `more than ${limits.maxRedirects} redirects`);
          url = parseOutboundUrl(STATUS, FIELD, new URL(location, url).href);
          continue;
        }
        if (response.statusCode !== 200) {
          response.resume();
          throw new ApiError(
            STATUS,
            "invalid_request",
            `url answered HTTP ${response.statusCode}; it must serve the image.`,
          );
        }
        return await readCapped(response, limits.maxBytes);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal.aborted) {
        throw new ApiError(
          STATUS,
          "invalid_request",
          `url did not answer within ${limits.timeoutMs / 1000} s.`,
        );
      }
      // A refusal raised inside the connect-time lookup arrives wrapped by the socket.
      const inner = (error as { cause?: unknown }).cause;
      if (inner instanceof ApiError) throw inner;
      // Never the socket's own words (ECONNREFUSED vs a reset tells a caller which ports are open).
      throw new ApiError(STATUS, "invalid_request", "url could not be fetched.");
    }
  };
}
