// The few icons a set's card shows on the home. The service's order (popular, else its alphabet)
// starts on look-alikes: Tabler's align-center and align-justified both read as a hamburger menu,
// and one icon's weights are one shape. So, by rule and never by a list of names: one drawing per
// name, one name per first word ("alert-circle" keeps "alert-triangle" out), names of one word
// first (an "airplane" is more telling than an "a-b-2"), then shown in the service's order.

import type { Asset } from "../../api/contract/spec-objects";

/** "alert-circle" -> "alert"; "arrow_up" -> "arrow". */
function firstWord(name: string): string {
  return name.toLowerCase().split(/[-_\s.]+/)[0] ?? "";
}

const oneWord = (name: string) => !/[-_\s.]/.test(name.trim());

export function setSamples(items: readonly Asset[], count: number): Asset[] {
  const seenNames = new Set<string>();
  const byName = items.filter((item) => {
    if (seenNames.has(item.name)) return false;
    seenNames.add(item.name);
    return true;
  });
  const seenWords = new Set<string>();
  const distinct = byName.filter((item) => {
    const word = firstWord(item.name);
    if (seenWords.has(word)) return false;
    seenWords.add(word);
    return true;
  });
  const preferred = [...distinct.filter((i) => oneWord(i.name)), ...distinct.filter((i) => !oneWord(i.name))];
  const chosen = new Set(preferred.slice(0, count));
  // Too few distinct words: the rest of the names, still one drawing each.
  for (const item of byName) if (chosen.size < count) chosen.add(item);
  return byName.filter((item) => chosen.has(item));
}
