// When the window opens on the home instead of results: nothing searched for, no set chosen, and
// sets to offer (or the first search still under way, so the home does not flash the results in).
// A service whose assets name no set has no home: the results are the fallback.

export function homeShown(state: {
  query: string | undefined;
  set: string | null;
  sets: number;
  loading: boolean;
}): boolean {
  if (state.query || state.set) return false;
  return state.sets > 0 || state.loading;
}
