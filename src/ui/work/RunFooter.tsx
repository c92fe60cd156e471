// The foot of the Convert and AI forms: what the work costs and the button that spends it, on one
// 32 px row, so both tabs end the same way (the cost at the left, the button at the right edge).
import type { ComponentChildren } from "preact";
import { Cost } from "../credits/Cost";
import type { CreditsStore } from "../credits/credits-types";

export function RunFooter(props: {
  credits: CreditsStore;
  cost: number | undefined;
  /** The cost is per layer (a batch, whose plan shows the total). */
  each?: boolean;
  /** The button (its own verb and state): the footer only places it. */
  children: ComponentChildren;
}) {
  return (
    <div class="run-footer" data-testid="run-footer">
      <Cost credits={props.credits} cost={props.cost} each={props.each} />
      {props.children}
    </div>
  );
}
