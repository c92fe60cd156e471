// Child process that draws one uploaded SVG with resvg and exits. A process, not a worker thread:
// resvg's memory is native (V8's limits do not see it) and its render cannot be interrupted from
// JavaScript, so the parent starts this under an address-space limit and kills it at the deadline.
// Plain JavaScript: it loads nothing but resvg, so it starts in tens of milliseconds.
// In (IPC): { svg: Uint8Array, edge: { mode: "width" | "height", value } | undefined, maxEdge, background? }.
// Out (IPC): { png: Uint8Array } or { error: string, input: boolean } (input: the file's fault).

import { setPriority } from "node:os";
import { Resvg } from "@resvg/resvg-js";

// Drawing yields the CPU to the server's event loop (the parent's answers to everyone else).
try {
  setPriority(10);
} catch {
  // not permitted here: the render simply runs at normal priority
}

process.once("message", ({ svg, edge, maxEdge, background }) => {
  let answer;
  try {
    const font = { loadSystemFonts: false };
    let fitTo = edge ?? { mode: "original" };
    if (!edge) {
      const probe = new Resvg(Buffer.from(svg), { font }); // parsing only: tells the SVG's own size
      if (Math.max(probe.width, probe.height) > maxEdge)
        fitTo = { mode: probe.width >= probe.height ? "width" : "height", value: maxEdge };
    }
    const png = new Resvg(Buffer.from(svg), { fitTo, background, font }).render().asPng();
    answer = { png: new Uint8Array(png) };
  } catch (error) {
    answer = { error: String(error?.message ?? error), input: true };
  }
  process.send(answer, () => process.exit(0));
});
