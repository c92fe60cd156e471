// After a set swap, Figma's toast at the foot of the window says what happened ("4 icons now
// Tabler, Bold") with Undo, which swaps them back. It goes by itself after a while, as Figma's do,
// and stays while the pointer or the keyboard is on it, so Undo can be reached.

import "../toast.css";
import { useEffect, useState } from "preact/hooks";
import { setLabel, variantLabel } from "../../api/client/asset-names";
import type { AppliedSwap, SwapStore } from "./swap-store";
import { iconCount } from "./swap-words";

/** Long enough to read the line and reach Undo; Figma keeps an undoable toast about as long. */
export const SWAP_TOAST_MS = 8000;

/** "4 icons now Tabler, Bold"; "1 icon now Tabler" for a set with one drawing. */
export function swapToastWords(swap: Pick<AppliedSwap, "count" | "set" | "weight">): string {
  const to = swap.weight ? `${setLabel(swap.set)}, ${variantLabel(swap.weight)}` : setLabel(swap.set);
  return `${iconCount(swap.count)} now ${to}`;
}

export function SwapToast({ swap }: { swap: Pick<SwapStore, "applied" | "dismissApplied" | "undoApplied"> }) {
  const applied = swap.applied.value;
  const [held, setHeld] = useState(false);
  const undoing = applied?.undoing ?? false;
  useEffect(() => {
    if (!applied || held || undoing) return;
    const timer = setTimeout(() => swap.dismissApplied(), SWAP_TOAST_MS);
    return () => clearTimeout(timer);
  }, [applied, held, undoing]);
  if (!applied) return null;
  const words = swapToastWords(applied);
  return (
    <div
      class="toast"
      role="status"
      data-testid="swap-toast"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocusIn={() => setHeld(true)}
      onFocusOut={() => setHeld(false)}
    >
      <div class="toast__line">
        <span class="toast__text" title={words}>
          {undoing ? `Putting ${iconCount(applied.count)} back…` : words}
        </span>
        <button
          type="button"
          class="toast__action"
          disabled={undoing}
          onClick={() => void swap.undoApplied()}
        >
          Undo
        </button>
      </div>
    </div>
  );
}
