// The SVG checks fold values over the graph of what each element draws (its children and the
// elements it references): an element's value needs its dependencies' first. A hostile file makes
// that graph deep, so it is walked with an explicit stack, never recursion, and each element is
// finished once, so the walk stays linear in the file however large the expansion.

/** Where each element stands in a walk: shared across walks so later ones reuse what is finished. */
export type WalkState = Uint8Array; // 0 not seen, 1 being walked, 2 finished

export function newWalkState(elements: number): WalkState {
  return new Uint8Array(elements);
}

/**
 * Finishes every element reachable from `start` in `deps`, each after all its dependencies:
 * `finish(i)` runs once per element. A dependency met while it is still being walked is a loop;
 * `onLoop` may throw to refuse it, and otherwise the loop is simply not followed again.
 */
export function finishAfterDependencies(
  deps: readonly (readonly number[])[],
  start: number,
  state: WalkState,
  finish: (i: number) => void,
  onLoop?: () => void,
): void {
  const work = [start];
  while (work.length > 0) {
    const i = work.at(-1)!;
    if (state[i] === 2) {
      work.pop();
    } else if (state[i] === 0) {
      state[i] = 1;
      for (const d of deps[i]!) {
        if (state[d] === 1) onLoop?.();
        if (state[d] === 0) work.push(d);
      }
    } else {
      finish(i);
      state[i] = 2;
      work.pop();
    }
  }
}
