// The reverse search's order: icons by their most alike drawing, each icon's drawings together. The
// descriptors rank drawings, and a set's weights of one icon do not rank together: Phosphor's Bold
// gear matches a 2 px line better than its Regular, which came pages later or past the window. A
// window showing one cell per icon then met the icon as Bold and Fill alone and drew it Bold under
// Regular, as if the icon had no Regular drawing. Ordering by icon keeps "by visual similarity":
// the icon's place is its best drawing's, and its drawings follow in their own order.

import type { Ranked } from "../engines";

/**
 * `ranked` (best first) regrouped so every drawing of one icon follows its best one. `iconOf` names
 * the icon a drawing belongs to; a drawing of no known icon stands alone.
 */
export function orderByIcon(ranked: readonly Ranked[], iconOf: (id: string) => string | undefined): Ranked[] {
  const byIcon = new Map<string, Ranked[]>();
  const order: Ranked[][] = [];
  for (const entry of ranked) {
    const icon = iconOf(entry.id);
    if (icon === undefined) {
      order.push([entry]);
      continue;
    }
    const drawings = byIcon.get(icon);
    if (drawings) {
      drawings.push(entry);
      continue;
    }
    const fresh = [entry];
    byIcon.set(icon, fresh);
    order.push(fresh);
  }
  return order.flat();
}
