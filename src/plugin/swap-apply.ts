// Puts a reviewed set swap in place: each layer becomes its match through the same steps as Replace
// (replace-steps.ts), all at once, so one failure leaves every layer as it was and the whole swap is
// one undo step. The replaced icons' colours (a bound variable or style included) are always kept.
import type { InsertResponse, SwapApplyRequest } from "../messages/types";
import { fail } from "./errors";
import { type ReplaceStep, replaceEach } from "./insert";
import { shortName } from "./notice";

export async function applySwap(request: SwapApplyRequest): Promise<InsertResponse> {
  const steps: ReplaceStep[] = [];
  for (const pair of request.pairs) {
    const target = await figma.getNodeByIdAsync(pair.nodeId);
    if (!target || target.removed || !("visible" in target))
      fail("node_not_found", "An icon to swap no longer exists: look for its icons again.");
    if (steps.some((step) => step.target === target))
      fail("invalid_message", `"${shortName(target.name)}" is in the swap twice.`);
    steps.push({
      target: target as SceneNode,
      request: {
        asset: pair.asset,
        content: pair.content,
        // The set's own lines for the chosen weight (strokeScale 1: as the drawing has them, unless
        // the window asks a weight the set lacks): the replaced icon's stroke width belonged to the
        // weight being swapped away.
        options: { strokeScale: 1, ...request.options, keepReplacedColor: true },
      },
    });
  }
  return replaceEach(steps);
}
