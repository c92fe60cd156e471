// Child process that draws uploaded SVGs with resvg, one at a time. A process, not a worker thread:
// resvg's memory is native (V8's limits do not see it) and its render cannot be interrupted from
// JavaScript, so the parent starts this under an address-space limit and kills it at a deadline.
// Plain JavaScript: it loads nothing but resvg. It stays for the next render (resvg frees a render's
// memory when it ends), since starting a process costs more than drawing an icon.
// In (IPC): { id, svg: Uint8Array, edge: { mode: "width" | "height", value } | undefined, maxEdge, background? }.
// Out (IPC): { id, png: Uint8Array } or { id, error: string } (the file cannot be drawn).

import { setPriority } from "node:os";
import { Resvg } from "@resvg/resvg-js";

// Drawing yields the CPU to the server's event loop (the parent's answers to everyone else).
try {
  setPriority(10);
} catch {
  // not permitted here: the render simply runs at normal priority
}

/**
 * resvg opens an <image> or <feImage> link that is a path (absolute, or relative to the working
 * folder) and draws that file from the server's disk. An upload may only draw what it carries: every
 * href that is not a fragment (#id) or a data: URL is emptied. resvg finds href by namespace, so any
 * prefix counts (xlink:, x.y:, é:), and a value may be quoted with either quote character holding the
 * other. A value with an XML reference in it (&#47;tmp/...) is emptied too, since the parser would
 * decode it into a path. The parent's cost check refuses such files first: this is the second layer.
 */
const HREF = /(\s(?:[^\s=<>"'/:]+:)?href\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;
function ownImagesOnly(text) {
  return text.replace(HREF, (whole, head, double, single) => {
    const link = (double ?? single).trim();
    const own = (link.startsWith("#") || /^data:/i.test(link)) && !link.includes("&");
    const quote = double === undefined ? "'" : '"';
    return own ? whole : `${head}${quote}${quote}`;
  });
}

process.on("message", ({ id, svg: bytes, edge, maxEdge, background }) => {
  let answer;
  try {
    const font = { loadSystemFonts: false };
    const svg = ownImagesOnly(Buffer.from(bytes).toString("utf8"));
    let fitTo = edge ?? { mode: "original" };
    if (!edge) {
      const probe = new Resvg(Buffer.from(svg), { font }); // parsing only: tells the SVG's own size
      if (Math.max(probe.width, probe.height) > maxEdge)
        fitTo = { mode: probe.width >= probe.height ? "width" : "height", value: maxEdge };
    }
    const png = new Resvg(Buffer.from(svg), { fitTo, background, font }).render().asPng();
    answer = { id, png: new Uint8Array(png) };
  } catch (error) {
    answer = { id, error: String(error?.message ?? error) };
  }
  process.send(answer);
});
