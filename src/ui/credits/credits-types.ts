// What the credit meter knows and what the work core and the tabs ask of it.

import type { ReadonlySignal } from "@preact/signals";

/** The period's figures from GET /v3/credits, kept current by the answers of charged calls. */
export interface CreditBalance {
  used: number;
  /** Absent when the service does not say (the spec does not show the field). */
  remaining?: number;
  allowance?: number;
  /** YYYY-MM-DD */
  periodStart?: string;
  /** YYYY-MM-DD, the last day of the period. */
  periodEnd?: string;
}

export interface CreditsStore {
  balance: ReadonlySignal<CreditBalance | null>;
  refresh(): Promise<void>;
  /** After a charged call: credits_charged / X-Credits-Consumed / remaining from the answer. */
  noteCharged(charged: number | undefined, remaining?: number): void;
  /** True when `cost` would pass what is left of the allowance (warn before submitting). */
  wouldExceed(cost: number): boolean;
}
