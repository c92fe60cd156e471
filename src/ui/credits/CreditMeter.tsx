// The small meter in the tabs row: what is left of the period's credits, the period's end on hover.

import type { CreditsStore } from "./credits-types";

export function creditsLeftText(store: CreditsStore): string | null {
  const balance = store.balance.value;
  if (!balance) return null;
  if (balance.remaining !== undefined) return `${balance.remaining.toLocaleString("en")} credits left`;
  return `${balance.used.toLocaleString("en")} credits used`;
}

export function CreditMeter({ credits }: { credits: CreditsStore }) {
  const text = creditsLeftText(credits);
  const balance = credits.balance.value;
  if (!text || !balance) return null;
  const period = balance.periodEnd ? `The period ends on ${balance.periodEnd}.` : "";
  const of = balance.allowance !== undefined ? ` of ${balance.allowance.toLocaleString("en")}` : "";
  return (
    <span
      class="credit-meter"
      data-testid="credit-meter"
      title={`${balance.used.toLocaleString("en")}${of} credits used this period. ${period}`.trim()}
    >
      {text}
    </span>
  );
}
