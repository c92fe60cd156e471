// One exported image's life with the reverse image search: the first page asked for uploads the
// image (with the filters and page of that question); every later page and filter change sends the
// image_hash the upload answered instead. Questions asked while the upload is still on its way wait
// for its hash rather than uploading a second time.

import type { ReverseSearchFilters, ReverseSearchResult } from "../../api/contract/spec-objects";

export interface ReverseSearchApi {
  reverseSearchByFile(
    file: Blob,
    filters?: ReverseSearchFilters,
    options?: { signal?: AbortSignal },
  ): Promise<ReverseSearchResult>;
  reverseSearchByHash(
    imageHash: string,
    filters?: ReverseSearchFilters,
    options?: { signal?: AbortSignal },
  ): Promise<ReverseSearchResult>;
  /** After a preview failed: whether showing the results again gives it a working link (services/preview-grant.ts). */
  previewLinkStale?(url: string): Promise<boolean>;
}

/** The service no longer knows the image behind a hash: the next question uploads it again. */
export const IMAGE_FORGOTTEN = "image_forgotten";

function aborted(): DOMException {
  return new DOMException("The question was replaced.", "AbortError");
}

/** Settles with `work`, or rejects as aborted as soon as `signal` aborts (the work itself goes on). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(aborted());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(aborted());
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

export function createImageSession(image: Blob, api: () => ReverseSearchApi) {
  let imageHash: string | undefined;
  /** The upload on its way; cleared when it fails, so the next question tries again. */
  let upload: Promise<ReverseSearchResult> | undefined;
  let uploads = 0;

  function startUpload(filters: ReverseSearchFilters): Promise<ReverseSearchResult> {
    uploads += 1;
    // Not tied to the question's signal: a filter change must not cancel the upload whose hash every
    // later question needs.
    const sent = api().reverseSearchByFile(image, filters);
    upload = sent;
    sent.then(
      (result) => {
        if (result.image_hash) imageHash = result.image_hash;
      },
      () => {
        if (upload === sent) upload = undefined;
      },
    );
    return sent;
  }

  async function byHash(hash: string, filters: ReverseSearchFilters, signal: AbortSignal) {
    try {
      return await api().reverseSearchByHash(hash, filters, { signal });
    } catch (caught) {
      // The filters were checked before sending, so a 400 on a hash call is the service having
      // forgotten the image (it keeps a bounded number). Guess: the spec shows no reason of its own.
      const { status, reason } = (caught ?? {}) as { status?: unknown; reason?: unknown };
      if (status === 400 && reason === "invalid_request" && imageHash === hash) {
        imageHash = undefined;
        upload = undefined;
        throw {
          reason: IMAGE_FORGOTTEN,
          message: "The service no longer has the image; it is sent again on the next try.",
        };
      }
      throw caught;
    }
  }

  return {
    /** One page of results for `filters`; uploads only when no hash is known or on its way. */
    async page(
      filters: ReverseSearchFilters,
      page: number,
      signal: AbortSignal,
    ): Promise<ReverseSearchResult> {
      const asked: ReverseSearchFilters = page > 1 ? { ...filters, page } : { ...filters };
      if (imageHash) return byHash(imageHash, asked, signal);
      if (upload) {
        await untilAborted(upload, signal).catch((caught: unknown) => {
          if ((caught as { name?: unknown })?.name === "AbortError") throw caught;
          // The upload failed: this question tries once more below.
        });
        if (imageHash) return byHash(imageHash, asked, signal);
      }
      return untilAborted(startUpload(asked), signal);
    },
    get imageHash() {
      return imageHash;
    },
    /** How many times this image has been uploaded (1 for a session that went well). */
    get uploads() {
      return uploads;
    },
  };
}

export type ImageSession = ReturnType<typeof createImageSession>;
