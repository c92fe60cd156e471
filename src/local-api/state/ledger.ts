// The credit ledger: one balance per account per billing period. Every change is a synchronous
// step on memory, so within this single process two requests can never interleave inside one
// (no overspend, no double count). Each charge is handed to `onUsage`, which records it in the
// state journal in the same step as the job or task it pays for (work/work-state.ts).
//
// Conversions and AI work reserve credits before they start, then commit (charge) or release
// (refund) the reservation; downloads are charged at once against the spend ceiling.

import { randomUUID } from "node:crypto";
import { ApiError } from "../../api/contract/errors";
import type { Account, AccountDirectory } from "../accounts/accounts";
import { billingPeriodAt } from "./billing-period";

export interface UsageEvent {
  at: string;
  kind: "download" | "conversion" | "ai" | (string & {});
  operation: string;
  credits: number;
  asset?: string;
  project_reference?: string;
  /** The render job or AI task the credits paid for. */
  job?: string;
  task?: string;
}

export type UsageMeta = Omit<UsageEvent, "at" | "credits">;

export interface CreditsView {
  allowance: number;
  used: number;
  remaining: number;
  spend_ceiling: boolean;
  period_start: string;
  period_end: string;
}

export interface Reservation {
  id: string;
  clientId: string;
  credits: number;
  period: string;
  meta: UsageMeta;
}

interface PeriodUsage {
  used: number;
  events: UsageEvent[];
}

export interface LedgerDocument {
  version: 1;
  /** clientId -> period start -> usage */
  accounts: Record<string, Record<string, PeriodUsage>>;
}

/** Events kept per account and period; totals are exact whatever the count. */
const EVENTS_KEPT = 1000;
/** Billing periods kept per account (the current one and the twelve before it). */
const PERIODS_KEPT = 13;

/** Told of every charge, after it is applied to the document (to record it durably). */
export type UsageSink = (clientId: string, period: string, event: UsageEvent) => void;

export const emptyLedger = (): LedgerDocument => ({ version: 1, accounts: {} });

/** A stored ledger document as read back; throws when it is not one. */
export function loadLedger(stored: unknown): LedgerDocument {
  const document = stored as LedgerDocument;
  if (document?.version !== 1 || typeof document.accounts !== "object" || document.accounts === null) {
    throw new Error("the ledger is not a version 1 ledger");
  }
  for (const periods of Object.values(document.accounts)) {
    for (const usage of Object.values(periods ?? {})) {
      if (!Number.isFinite(usage?.used) || !Array.isArray(usage.events)) {
        throw new Error("a period's usage is malformed");
      }
    }
  }
  return document;
}

/** Adds one charge to a document: the ledger's own step, and the journal's replay of it. */
export function applyUsage(document: LedgerDocument, clientId: string, period: string, event: UsageEvent) {
  if (!Number.isFinite(event?.credits)) throw new Error("a usage event has no credits");
  const usage = usageIn(document, clientId, period);
  usage.used += event.credits;
  usage.events.push(event);
  if (usage.events.length > EVENTS_KEPT) usage.events.splice(0, usage.events.length - EVENTS_KEPT);
}

function usageIn(document: LedgerDocument, clientId: string, period: string): PeriodUsage {
  const periods = document.accounts[clientId] ?? {};
  document.accounts[clientId] = periods;
  let usage = periods[period];
  if (!usage) {
    usage = { used: 0, events: [] };
    periods[period] = usage;
    // A year of history is enough to report on; older periods would only grow the file.
    const starts = Object.keys(periods).sort();
    for (const old of starts.slice(0, Math.max(0, starts.length - PERIODS_KEPT))) delete periods[old];
  }
  return usage;
}

export class CreditLedger {
  private readonly reservations = new Map<string, Reservation>();

  constructor(
    private readonly accounts: AccountDirectory,
    /** The ledger as the state journal replayed it; this ledger owns it from now on. */
    private readonly document: LedgerDocument,
    private readonly onUsage: UsageSink,
    private readonly now: () => number,
    /**
     * False once the state is closed (shutdown): a charge then could not be recorded, so it is
     * refused (503, nothing charged) rather than answered as if paid for.
     */
    private readonly recording: () => boolean = () => true,
  ) {}

  /** The whole document (for the state journal's snapshot). */
  snapshot(): LedgerDocument {
    return this.document;
  }

  view(clientId: string): CreditsView {
    const account = this.account(clientId);
    const period = billingPeriodAt(account.created_at, this.now());
    const used = this.usage(clientId, period.start).used;
    const remaining = Math.max(0, account.credits.allowance - used - this.reserved(clientId, period.start));
    return {
      allowance: account.credits.allowance,
      used,
      remaining,
      spend_ceiling: account.credits.spend_ceiling,
      period_start: period.start,
      period_end: period.end,
    };
  }

  /** Holds credits for work about to start; 429 quota_exhausted when the period cannot cover them. */
  reserve(clientId: string, credits: number, meta: UsageMeta): Reservation {
    checkCredits(credits);
    const view = this.view(clientId);
    if (credits > view.remaining) {
      throw new ApiError(
        429,
        "quota_exhausted",
        `This period's credits are spent (${view.remaining} of ${view.allowance} left, ${credits} needed); they renew on the day after ${view.period_end}.`,
      );
    }
    const reservation = { id: randomUUID(), clientId, credits, period: view.period_start, meta };
    this.reservations.set(reservation.id, reservation);
    return reservation;
  }

  /** Turns a reservation into usage; `credits` may lower (never raise) the amount finally charged. */
  commit(reservationId: string, credits?: number): UsageEvent {
    this.checkRecording(); // before take: the caller's release still finds the reservation
    const reservation = this.take(reservationId);
    const charged = credits === undefined ? reservation.credits : Math.min(reservation.credits, credits);
    checkCredits(charged);
    return this.record(reservation.clientId, reservation.period, charged, reservation.meta);
  }

  /** Names the job or task a reservation pays for, so its charge can be traced to it. */
  tag(reservationId: string, work: { job: string } | { task: string }): void {
    const reservation = this.reservations.get(reservationId);
    if (reservation) reservation.meta = { ...reservation.meta, ...work };
  }

  /** Gives a reservation back (failed or refused work is not charged). */
  release(reservationId: string): void {
    this.take(reservationId);
  }

  /** reserve + commit in one step. */
  charge(clientId: string, credits: number, meta: UsageMeta): UsageEvent {
    return this.commit(this.reserve(clientId, credits, meta).id);
  }

  /**
   * Downloads count against the spend ceiling: refused with 402 where the account enforces it,
   * otherwise recorded even past the allowance (spec "Limits" 8).
   */
  chargeDownload(clientId: string, credits: number, meta: UsageMeta): UsageEvent {
    this.checkRecording();
    checkCredits(credits);
    const view = this.view(clientId);
    if (view.spend_ceiling && credits > view.remaining) {
      throw new ApiError(
        402,
        "credit_limit_reached",
        `This download would pass the spend ceiling (${view.remaining} of ${view.allowance} credits left this period).`,
      );
    }
    return this.record(clientId, view.period_start, credits, meta);
  }

  /** The period's usage events, oldest first (the last EVENTS_KEPT of them). */
  events(clientId: string): UsageEvent[] {
    const account = this.account(clientId);
    return [...this.usage(clientId, billingPeriodAt(account.created_at, this.now()).start).events];
  }

  private checkRecording(): void {
    if (!this.recording()) {
      throw new ApiError(
        503,
        "service_unavailable",
        "The server is shutting down; nothing was charged. Try again shortly.",
      );
    }
  }

  private record(clientId: string, period: string, credits: number, meta: UsageMeta): UsageEvent {
    const event: UsageEvent = { ...meta, at: new Date(this.now()).toISOString(), credits };
    applyUsage(this.document, clientId, period, event);
    this.onUsage(clientId, period, event);
    return event;
  }

  private take(reservationId: string): Reservation {
    const reservation = this.reservations.get(reservationId);
    if (!reservation) throw new Error(`Reservation ${reservationId} is unknown or already settled.`);
    this.reservations.delete(reservationId);
    return reservation;
  }

  private reserved(clientId: string, period: string): number {
    let total = 0;
    for (const reservation of this.reservations.values()) {
      if (reservation.clientId === clientId && reservation.period === period) total += reservation.credits;
    }
    return total;
  }

  private usage(clientId: string, period: string): PeriodUsage {
    return usageIn(this.document, clientId, period);
  }

  private account(clientId: string): Account {
    const account = this.accounts.get(clientId);
    if (!account) throw new Error(`No account ${clientId}.`);
    return account;
  }
}

function checkCredits(credits: number): void {
  if (!Number.isFinite(credits) || credits < 0)
    throw new Error(`Credits must be a finite number >= 0, got ${credits}.`);
}
