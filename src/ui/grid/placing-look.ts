// The few settings a results grid draws with, each its own computed signal: the grid re-renders when
// the variant, the stroke width or the icon size changes, not when any other setting does (a colour
// picked, a panel's choice saved).

import { computed, type ReadonlySignal } from "@preact/signals";
import type { Settings } from "../../messages/types";

export interface PlacingLook {
  /** The variant saved with the switch (a family: "regular", "bold"); null when none was chosen. */
  variant: ReadonlySignal<string | null>;
  chooseVariant(value: string): void;
  /** The insert bar's stroke width in px (as typed, before Enter); null while icons keep their own lines. */
  strokeWidth: ReadonlySignal<number | null>;
  /** The insert size in px: a weight's width is said at it. */
  iconSize: ReadonlySignal<number>;
}

export function placingLook(
  settings: {
    settings: ReadonlySignal<Settings>;
    update(patch: Partial<Settings>): Promise<unknown>;
  },
  /** The width the previews are drawn at (one being typed in the bar); the saved one when absent. */
  drawnStroke?: ReadonlySignal<number | null>,
): PlacingLook {
  return {
    variant: computed(() => settings.settings.value.iconVariant),
    chooseVariant: (value) => void settings.update({ iconVariant: value }),
    strokeWidth: drawnStroke ?? computed(() => settings.settings.value.iconStrokeWidth),
    iconSize: computed(() => settings.settings.value.iconSize),
  };
}
