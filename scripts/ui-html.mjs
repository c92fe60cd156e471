/**
 * Inlines the ui bundle into one HTML page, which is all Figma loads for the iframe. `firstJs`, when
 * given, runs before anything else is parsed (the early `ready` question: src/ui/boot/early-ready.ts).
 * `inert` maps element ids to scripts kept as text (type text/plain): the browser neither parses nor
 * runs them until the window does (the animation player: src/ui/grid/lottie-embedded.ts; the rarely
 * opened views: src/ui/rare/rare-views-embedded.ts). They come before the main script, so its first
 * render finds them (a selection command's small window is one of those views); as text they cost
 * the parser next to nothing.
 */
export function uiHtml(js, css, firstJs = "", inert = {}) {
  // A literal "</script" inside the bundle would end the inline script early.
  const safe = (code) => code.replaceAll("</script", "<\\/script");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    firstJs ? `<script>${safe(firstJs)}</script>` : "",
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<style>${css}</style></head>`,
    '<body><div id="app"></div>',
    ...Object.entries(inert).map(
      ([id, code]) => `<script type="text/plain" id="${id}">${safe(code)}</script>`,
    ),
    `<script>${safe(js)}</script>`,
    "</body></html>",
  ].join("");
}
