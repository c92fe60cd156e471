// The time now, read again every second while `ticking`: what a run's stopwatch counts from. Stops
// when nothing is in progress, so an idle tab does not re-render.

import { useEffect, useState } from "preact/hooks";

export function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}
