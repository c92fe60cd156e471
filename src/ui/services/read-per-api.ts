// A read the tabs make of the service once per api client (the operations catalogues): asked when a
// tab is first shown, again when the proxy or token changes (another account may offer other
// operations at other prices), and only what the current client answered is kept.

import { batch, signal } from "@preact/signals";
import { toUiError, type UiError } from "../errors/ui-error";

export type ReadStatus = "idle" | "loading" | "ready" | "failed";

/**
 * `read` asks the service and resolves with how to apply its answer; that is applied only if the
 * client is still the current one, so an answer from a replaced proxy never lands.
 */
export function readPerApi<A>(api: () => A, read: (api: A) => Promise<() => void>) {
  const status = signal<ReadStatus>("idle");
  const error = signal<UiError | null>(null);
  let readWith: A | undefined;

  async function load(): Promise<void> {
    const current = api();
    readWith = current;
    status.value = "loading";
    try {
      const apply = await read(current);
      if (readWith !== current) return;
      batch(() => {
        apply();
        error.value = null;
        status.value = "ready";
      });
    } catch (caught) {
      if (readWith !== current) return;
      batch(() => {
        error.value = toUiError(caught);
        status.value = "failed";
      });
    }
  }

  return {
    status,
    error,
    /** Asks again, whatever was read before (Try again). */
    reload: load,
    /** Reads unless the current client was already asked (a failure included); undefined when not. */
    ensure(): Promise<void> | undefined {
      return readWith === api() ? undefined : load();
    },
  };
}
