// The plugin keeps work in flight in clientStorage ("pending-work"), one record per Idempotency-Key,
// so a closed window loses nothing: written before a request leaves, updated as the work moves,
// removed when its results are placed.

import type { PendingWork } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";

export function pendingRecords(port: Pick<UiPort, "request">) {
  return {
    async list(): Promise<PendingWork[]> {
      const { value } = await port.request("storage-get", { key: "pending-work" });
      return Array.isArray(value) ? (value as PendingWork[]) : [];
    },
    async put(work: PendingWork): Promise<void> {
      await port.request("pending-work-put", { work });
    },
    async remove(idempotencyKey: string): Promise<void> {
      await port.request("pending-work-remove", { idempotencyKey });
    },
  };
}

export type PendingRecords = ReturnType<typeof pendingRecords>;
