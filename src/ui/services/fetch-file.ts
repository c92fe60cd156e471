// Fetches a downloaded file (a signed URL from api-download) for the plugin, through the proxy's
// relay when the file is not on the proxy's origin. Failures become ApiErrors like every other.

import { readErrorData } from "../../api/envelope";
import { ApiError, abortedError, networkError } from "../../api/errors";
import { readRetryAfter } from "../../api/headers";
import { relayUrl } from "./relay";

export interface FileSource {
  proxyUrl: string;
  token: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export async function fetchFile(url: string, source: FileSource): Promise<Response> {
  const doFetch = source.fetch ?? globalThis.fetch.bind(globalThis);
  const headers: Record<string, string> = {};
  if (source.token) headers.authorization = `Bearer ${source.token}`;
  let response: Response;
  try {
    response = await doFetch(relayUrl(url, source.proxyUrl), {
      headers,
      ...(source.signal ? { signal: source.signal } : {}),
    });
  } catch (caught) {
    if (source.signal?.aborted) throw abortedError(source.signal);
    throw networkError(caught);
  }
  if (response.ok) return response;
  const body = await response.json().catch(() => undefined);
  const data = readErrorData(body);
  const retryAfterSeconds = readRetryAfter(response.headers);
  throw new ApiError(
    response.status,
    data?.reason ?? "invalid_response",
    data?.message ?? `The file could not be fetched (HTTP ${response.status}).`,
    { ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}), ...(data ? { data } : {}) },
  );
}

/** The first frame of an animated image, as PNG bytes (a Lottie placed as a still). */
export async function firstFramePng(bytes: Uint8Array, mimeType: string): Promise<Uint8Array> {
  const bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mimeType }));
  const canvas = document.createElement("canvas");
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  if (!blob) throw new Error("The first frame could not be drawn.");
  return new Uint8Array(await blob.arrayBuffer());
}
