// A repeating timer that never keeps the process alive on its own: the state folder's periodic
// fsync and result sweep must not hold a server (or a test) open after everything else has ended.

export interface BackgroundInterval {
  stop(): void;
}

export function backgroundInterval(tick: () => void, everyMs: number): BackgroundInterval {
  // Typed loosely on purpose: test/e2e's tsconfig also loads Figma's typings, whose global
  // setInterval returns a number, while on Node it is a Timeout that can be unreferenced.
  const timer: unknown = setInterval(tick, everyMs);
  (timer as { unref?: () => void }).unref?.();
  return { stop: () => clearInterval(timer as Parameters<typeof clearInterval>[0]) };
}
