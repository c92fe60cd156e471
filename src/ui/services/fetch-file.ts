// Fetches a file the service pointed at (a signed download, a preview) through the api client's
// transport, so the access token, retries and error envelopes are handled as for every call.
// Files on the proxy's own origin are asked for directly; anything else through its relay.

import type { Transport } from "../../api/client/transport";
import { relayUrl } from "./relay";

export type FetchFile = (url: string, signal?: AbortSignal) => Promise<Response>;

export function createFileFetcher(transport: Transport, proxyUrl: string): FetchFile {
  return async (url, signal) => {
    const target = new URL(relayUrl(url, proxyUrl));
    const { response } = await transport.send({
      method: "GET",
      path: target.pathname,
      query: target.searchParams,
      // Files are not JSON: the transport's default Accept would mislead a file host.
      headers: { accept: "*/*" },
      signal,
    });
    return response;
  };
}

/**
 * The first frame of an animated image, as PNG bytes (a Lottie placed as a still). The canvas starts
 * clear and PNG keeps alpha, so the GIF's transparent pixels stay transparent.
 */
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
