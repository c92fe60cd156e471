// The machine a bench ran on, written beside every table so figures are never read out of context.
import os from "node:os";

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? "unknown",
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    // Other work on the same cores moves every timed figure: the 1- and 5-minute load averages at
    // the end of the run say how busy the machine was (on 2 cores, above 2 means waiting for a core).
    load: os
      .loadavg()
      .slice(0, 2)
      .map((l) => Number(l.toFixed(1))),
  };
}
