// Billing periods start on the day of month the account was created (spec "Limits" 8), clamped to
// the month's length: an account created on the 31st renews on Feb 28 (or 29), then Mar 31.

export interface BillingPeriod {
  /** YYYY-MM-DD, first day of the period. */
  start: string;
  /** YYYY-MM-DD, last day of the period (inclusive). */
  end: string;
}

const DAY_MS = 86_400_000;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function anchorIn(year: number, month: number, day: number): Date {
  const normalised = new Date(Date.UTC(year, month, 1));
  const y = normalised.getUTCFullYear();
  const m = normalised.getUTCMonth();
  return new Date(Date.UTC(y, m, Math.min(day, daysIn(y, m))));
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period containing `now` (UTC days) for an account created on `createdAt` (YYYY-MM-DD). */
export function billingPeriodAt(createdAt: string, now: number): BillingPeriod {
  const anchorDay = Number(createdAt.slice(8, 10));
  const today = new Date(Math.floor(now / DAY_MS) * DAY_MS);
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  let start = anchorIn(year, month, anchorDay);
  if (start.getTime() > today.getTime()) start = anchorIn(year, month - 1, anchorDay);
  const next = anchorIn(start.getUTCFullYear(), start.getUTCMonth() + 1, anchorDay);
  return { start: isoDay(start), end: isoDay(new Date(next.getTime() - DAY_MS)) };
}
