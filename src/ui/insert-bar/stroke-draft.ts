// The stroke width being typed in the bar and not yet committed. The previews follow it a moment
// after the last key, so the cells and the field never disagree while a designer types "3.75"; the
// selected icons and the saved setting change only on commit (Enter or blur: one undo step in
// Figma), and Escape puts the previews back with the field.

import { computed, type ReadonlySignal, signal } from "@preact/signals";

/**
 * A little after the last key: "3.75" typed quickly draws once, not at 3, 3.7 and 3.75. Short enough
 * to read as following the typing (the canvas redraw itself takes about 10 ms, bench/stroke).
 */
export const STROKE_DRAFT_DELAY_MS = 90;

export function createStrokeDraft(options: { committed: ReadonlySignal<number | null>; delayMs?: number }) {
  const delay = options.delayMs ?? STROKE_DRAFT_DELAY_MS;
  /** The typed width the previews show; undefined when nothing (valid) is being typed. */
  const typed = signal<number | undefined>(undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    /** The width the previews are drawn at: the one being typed, else the committed one. */
    drawn: computed(() => typed.value ?? options.committed.value),
    /**
     * The field's text now reads as `width` (in the field's range); undefined: it reads as no width
     * yet ("3.", "", out of range), and the previews keep the last width they were given.
     */
    type(width: number | undefined) {
      cancel();
      if (width === undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        typed.value = width;
      }, delay);
    },
    /** Committed, dropped with Escape or stepped: the previews follow the setting again. */
    end() {
      cancel();
      typed.value = undefined;
    },
  };
}

export type StrokeDraft = ReturnType<typeof createStrokeDraft>;
