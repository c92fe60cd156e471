/** Inlines the ui bundle into one HTML page, which is all Figma loads for the iframe. */
export function uiHtml(js, css) {
  // A literal "</script" inside the bundle would end the inline script early.
  const safeJs = js.replaceAll("</script", "<\\/script");
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<style>${css}</style></head>`,
    `<body><div id="app"></div><script>${safeJs}</script></body></html>`,
  ].join("");
}
