// Which previews wait for which link: a preview reads `awaited(url)` while it renders without the
// picture, and only the previews waiting for that link repaint once `arrived(url)` says it is in,
// not every preview on screen.

import { type Signal, signal } from "@preact/signals";

export function arrivals() {
  const waiting = new Map<string, Signal<boolean>>();
  return {
    /** Read during render: the reader repaints once `url` has arrived. */
    awaited(url: string): void {
      let arrived = waiting.get(url);
      if (!arrived) {
        arrived = signal(false);
        waiting.set(url, arrived);
      }
      void arrived.value;
    },
    arrived(url: string): void {
      const arrived = waiting.get(url);
      waiting.delete(url);
      if (arrived) arrived.value = true;
    },
  };
}
