// How a Node proxy stops when its supervisor says so (SIGTERM from a container runtime or systemd,
// SIGINT from a terminal): it takes no new connection, lets the requests under way finish within
// its grace period, cuts the rest, lets the service save its state, and exits 0. A second signal
// exits at once, with 1.

import type { StartedProxy } from "./start";

type Say = (line: string) => void;

export function stopOnSignals(started: StartedProxy, say: Say = (line) => console.error(line)): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) process.exit(1);
      stopping = true;
      const graceS = started.shutdownGraceS;
      say(`proxy: stopping on ${signal}; requests under way: ${started.inFlight()}, given up to ${graceS} s`);
      started.stop(graceS * 1000).then(
        ({ finished, cut }) => {
          say(`proxy: stopped: ${finished} finished, ${cut} cut`);
          process.exit(0);
        },
        (error: Error) => {
          say(`proxy: could not stop cleanly: ${error.message}`);
          process.exit(1);
        },
      );
    });
  }
}
