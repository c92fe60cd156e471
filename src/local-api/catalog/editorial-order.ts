// The icons a designer reaches for first, in the order a browse should show them. Packaged sets
// state no featured order of their own (and no popularity beyond the release that added an icon),
// so without this list "featured" fell back to names: a browse opened on "a-b", "abc", "abacus".
//
// Each entry is one idea under the names sets give it (tabler's "home" is phosphor's "house"); a set
// is matched by the icon's own name, so an operator's set that names its icons the common way is
// ordered too. Kept short on purpose: it decides the first pages, and the set's own order the rest.

const CONCEPTS: readonly (readonly string[])[] = [
  ["home", "house"],
  ["search", "magnifying-glass"],
  ["settings", "gear", "gear-six"],
  ["user"],
  ["bell"],
  ["heart"],
  ["star"],
  ["arrow-right"],
  ["arrow-left"],
  ["arrow-up"],
  ["arrow-down"],
  ["chevron-down", "caret-down"],
  ["chevron-right", "caret-right"],
  ["chevron-left", "caret-left"],
  ["chevron-up", "caret-up"],
  ["plus"],
  ["minus"],
  ["x"],
  ["check"],
  ["trash"],
  ["edit", "pencil-simple"],
  ["calendar", "calendar-blank"],
  ["mail", "envelope", "envelope-simple"],
  ["menu-2", "list"],
  ["dots", "dots-three"],
  ["filter", "funnel"],
  ["download", "download-simple"],
  ["upload", "upload-simple"],
  ["share", "share-network"],
  ["link"],
  ["copy"],
  ["external-link", "arrow-square-out"],
  ["refresh", "arrows-clockwise"],
  ["lock"],
  ["eye"],
  ["photo", "image"],
  ["camera"],
  ["clock"],
  ["map-pin"],
  ["phone"],
  ["message", "chat-circle"],
  ["bookmark", "bookmark-simple"],
  ["folder"],
  ["file"],
  ["cloud"],
  ["info-circle", "info"],
  ["alert-triangle", "warning"],
  ["circle-check", "check-circle"],
  ["help", "question"],
  ["shopping-cart"],
  ["logout", "sign-out"],
  ["sun"],
  ["moon"],
  ["player-play", "play"],
  ["volume", "speaker-high"],
];

/** How many ideas the list names: every other icon comes after them. */
export const EDITORIAL_PICKS = CONCEPTS.length;

/**
 * Each editorial pick's place (0 first) among one set's icon names: per idea, only the first of its
 * names the set has (tabler has "chevron-down" and a triangle "caret-down": only the chevron is a
 * pick; phosphor's "gear" is, its "gear-six" not). Names left out are not in the map.
 *
 * `start` turns the list for one set: the sets interleave by place, so with every set starting at
 * "home" a browse met house, home, search, magnifying-glass: each idea twice side by side. Set k of
 * n starts at idea k/n of the way round (see `editorialStart`), so neighbours are different ideas.
 */
export function editorialPlaces(names: ReadonlySet<string>, start = 0): Map<string, number> {
  const places = new Map<string, number>();
  CONCEPTS.forEach((aliases, place) => {
    const name = aliases.find((alias) => names.has(alias));
    if (name !== undefined) places.set(name, (place - start + EDITORIAL_PICKS) % EDITORIAL_PICKS);
  });
  return places;
}

/** Where the `index`th of `sets` sets starts the editorial list: evenly round it. */
export function editorialStart(index: number, sets: number): number {
  return sets > 0 ? Math.floor((index * EDITORIAL_PICKS) / sets) % EDITORIAL_PICKS : 0;
}
