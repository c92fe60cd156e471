// What a piece of work costs, shown before it runs, with a warning when it would pass the allowance.
// The cost only: the balance is the header's credit pill, and a second "N left" beside it would say
// the same figure twice in two wordings.

import type { CreditsStore } from "./credits-types";
import "./credits.css";

export function Cost({
  credits,
  cost,
  each,
}: {
  credits: CreditsStore;
  cost: number | undefined;
  /** The cost is per layer of a batch: its plan shows the total before anything is spent. */
  each?: boolean;
}) {
  if (cost === undefined) return null;
  const balance = credits.balance.value;
  const over = credits.wouldExceed(cost);
  return (
    <div class="cost" data-testid="cost">
      <p class="cost__line">
        Costs {cost} {cost === 1 ? "credit" : "credits"}
        {each ? " a layer" : ""}
      </p>
      {over ? (
        <p class="cost__warning" role="alert">
          This passes what is left of the period's credits
          {balance?.periodEnd ? ` (they renew after ${balance.periodEnd})` : ""}. It may be refused.
        </p>
      ) : null}
    </div>
  );
}
