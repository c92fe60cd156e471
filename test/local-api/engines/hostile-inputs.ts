// The hostile inputs of the cost pre-checks, built the way an attacker sends them: tiny files that cost
// a renderer billions of elements, gigabytes of filter region, or a parser its nesting limit. Shared
// by the engine tests, the reliability suite and the bench.

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">';

/** ~1.7 KB: nine levels of ten <use> each, a billion rectangles once expanded. */
export function nestedUseSvg(levels = 9, fanOut = 10): string {
  let defs = '<g id="l0"><rect width="1" height="1"/></g>';
  for (let level = 1; level <= levels; level++) {
    defs += `<g id="l${level}">${`<use xlink:href="#l${level - 1}"/>`.repeat(fanOut)}</g>`;
  }
  return `${SVG_OPEN}<defs>${defs}</defs><use xlink:href="#l${levels}"/></svg>`;
}

/** A filter on a <use> of a rectangle two million units wide kept in <defs> (the filter sees the use). */
export function hugeFilteredUseSvg(): string {
  return `${SVG_OPEN}<filter id="f"><feFlood/></filter><defs><rect id="r" x="-1e6" y="-1e6" width="2e6" height="2e6"/></defs><use href="#r" filter="url(#f)"/></svg>`;
}

/** ~258 bytes: a filter whose region is 2000 times the rectangle it draws (resvg: minutes, gigabytes). */
export function hugeFilterRegionSvg(): string {
  return `${SVG_OPEN}<filter id="f" x="-1000" y="-1000" width="2000" height="2000"><feFlood flood-color="red"/></filter><rect width="100" height="100" filter="url(#f)"/></svg>`;
}

/** A default filter region on a rectangle two million units wide in a 100-unit drawing. */
export function hugeFilteredElementSvg(): string {
  return `${SVG_OPEN}<filter id="f"><feFlood/></filter><rect x="-1e6" y="-1e6" width="2e6" height="2e6" filter="url(#f)"/></svg>`;
}

/** ~7 KB: 1,000 nested <g> (a tree parser's nesting limit). */
export function deeplyNestedSvg(depth = 1000): string {
  return `${SVG_OPEN}${"<g>".repeat(depth)}<rect width="1" height="1"/>${"</g>".repeat(depth)}</svg>`;
}

/** A JSON body of `bytes` nested arrays inside a reverse search's object (10 MB by default). */
export function nestedJsonBody(bytes = 10 * 1024 * 1024): string {
  const depth = Math.floor((bytes - 32) / 2);
  return `{"image_hash":"x","page":${"[".repeat(depth)}${"]".repeat(depth)}}`;
}
