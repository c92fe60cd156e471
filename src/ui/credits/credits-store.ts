// The credit meter's figures: read from GET /v3/credits, moved at once by what a charged call's answer
// says (credits_charged, X-Credits-Consumed, the remaining balance), then read again to be exact.

import { signal } from "@preact/signals";
import type { UiApi } from "../services/ui-api";
import type { CreditBalance, CreditsStore } from "./credits-types";

const numberAt = (record: Record<string, unknown>, key: string): number | undefined => {
  const value = record[key];
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
};
const dateAt = (record: Record<string, unknown>, key: string): string | undefined => {
  const value = record[key];
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** The fields the meter shows; the spec shows only the period bounds, the rest is read when present. */
export function readBalance(credits: Record<string, unknown>): CreditBalance {
  const allowance = numberAt(credits, "allowance");
  const remaining = numberAt(credits, "remaining") ?? numberAt(credits, "remaining_credits");
  const used =
    numberAt(credits, "used") ??
    (allowance !== undefined && remaining !== undefined ? allowance - remaining : 0);
  const periodStart = dateAt(credits, "period_start");
  const periodEnd = dateAt(credits, "period_end");
  return {
    used,
    ...(remaining === undefined ? {} : { remaining }),
    ...(allowance === undefined ? {} : { allowance }),
    ...(periodStart === undefined ? {} : { periodStart }),
    ...(periodEnd === undefined ? {} : { periodEnd }),
  };
}

export function createCreditsStore(deps: { api: () => Pick<UiApi, "credits"> }): CreditsStore {
  const balance = signal<CreditBalance | null>(null);
  // Answers can cross: only the latest read is kept.
  let generation = 0;

  async function refresh() {
    const mine = ++generation;
    try {
      const answer = await deps.api().credits();
      if (mine === generation) balance.value = readBalance(answer.credits);
    } catch {
      // The meter keeps its last figures; a failed read is not worth a notice of its own.
    }
  }

  return {
    balance,
    refresh,
    noteCharged(charged, remaining) {
      const current = balance.peek();
      if (current && (charged !== undefined || remaining !== undefined)) {
        const used = current.used + (charged ?? 0);
        const left =
          remaining ?? (current.remaining === undefined ? undefined : current.remaining - (charged ?? 0));
        balance.value = { ...current, used, ...(left === undefined ? {} : { remaining: Math.max(0, left) }) };
      }
      void refresh();
    },
    wouldExceed(cost) {
      const current = balance.peek();
      if (!current || !(cost > 0)) return false;
      if (current.remaining !== undefined) return cost > current.remaining;
      if (current.allowance !== undefined) return current.used + cost > current.allowance;
      return false;
    },
  };
}
