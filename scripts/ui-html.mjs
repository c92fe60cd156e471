/**
 * Inlines the ui bundle into one HTML page, which is all Figma loads for the iframe. `firstJs`, when
 * given, runs before anything else is parsed (the early `ready` question: src/ui/boot/early-ready.ts).
 */
export function uiHtml(js, css, firstJs = "") {
  // A literal "</script" inside the bundle would end the inline script early.
  const safe = (code) => code.replaceAll("</script", "<\\/script");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    firstJs ? `<script>${safe(firstJs)}</script>` : "",
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<style>${css}</style></head>`,
    `<body><div id="app"></div><script>${safe(js)}</script></body></html>`,
  ].join("");
}
