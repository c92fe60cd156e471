// One shape for every failure the ui shows, whatever threw it: an ApiError from the client, a fetch
// that never got an answer, an abort, or a message from the plugin.

export interface UiError {
  /** A `data.reason` from the spec, or one of ours (network_error, offline, aborted, ...). */
  reason: string;
  message: string;
  status?: number;
  retryAfterSeconds?: number;
}

function isAbort(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    ((error as { name?: unknown }).name === "AbortError" ||
      (error as { reason?: unknown }).reason === "aborted")
  );
}

function isOffline(): boolean {
  return typeof navigator !== "undefined" && navigator.onLine === false;
}

export function toUiError(error: unknown): UiError {
  if (isAbort(error)) return { reason: "aborted", message: "Cancelled." };
  if (typeof error === "object" && error !== null) {
    const { reason, message, status, retryAfterSeconds } = error as Partial<UiError>;
    if (typeof reason === "string") {
      const offline = reason === "network_error" && isOffline();
      return {
        reason: offline ? "offline" : reason,
        message: typeof message === "string" ? message : reason,
        ...(typeof status === "number" ? { status } : {}),
        ...(typeof retryAfterSeconds === "number" ? { retryAfterSeconds } : {}),
      };
    }
    // fetch rejects with a TypeError when the proxy cannot be reached at all.
    if (error instanceof TypeError) {
      return { reason: isOffline() ? "offline" : "network_error", message: error.message };
    }
  }
  return { reason: "internal_error", message: error instanceof Error ? error.message : String(error) };
}

export function isSilent(error: UiError): boolean {
  return error.reason === "aborted";
}
