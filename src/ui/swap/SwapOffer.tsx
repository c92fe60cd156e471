// The way into a set swap from the main screen: while the selection holds Assetport icons (frames
// looked into), one line says how many could change set and offers "Swap set", one click from the
// review.

import type { ReadonlySignal } from "@preact/signals";
import type { SelectionInfo } from "../../messages/types";
import { iconCount } from "./swap-words";

export function SwapOffer(props: { selection: ReadonlySignal<SelectionInfo | null>; open: () => void }) {
  const count = props.selection.value?.swappableIcons ?? 0;
  if (!count) return null;
  return (
    <div class="swap-offer" data-testid="swap-offer">
      <p class="swap-offer__text">{iconCount(count)} can change set</p>
      <button type="button" class="button button--secondary swap-offer__button" onClick={props.open}>
        Swap set
      </button>
    </div>
  );
}
