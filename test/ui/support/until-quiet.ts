// Waiting for a window over real HTTP to settle: no new request over a few rounds means every answer
// is in and nothing more will be asked.

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Until `count` (requests a server has seen) has not moved over `rounds` short waits. */
export async function untilQuiet(count: () => number, rounds = 20): Promise<void> {
  let last = -1;
  let still = 0;
  while (still < rounds) {
    await tick();
    const now = count();
    still = now === last ? still + 1 : 0;
    last = now;
  }
}
