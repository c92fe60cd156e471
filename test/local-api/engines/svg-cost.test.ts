// The SVG cost pre-check: each hostile shape refused with invalid_input_file and a message naming its
// limit, without drawing anything; and no false alarm on the real icon sets or ordinary files.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineError } from "../../../src/local-api/engines/errors";
import { sniff } from "../../../src/local-api/engines/sniff";
import { checkSvgCost, SVG_LIMITS } from "../../../src/local-api/engines/svg-cost";
import { SAMPLE_SVG, svgBytes } from "./fixtures";
import { deeplyNestedSvg, hugeFilteredElementSvg, hugeFilterRegionSvg, nestedUseSvg } from "./hostile-inputs";
import { allIcons, random, sample } from "./icon-set";

function refusal(svg: string, options = {}): EngineError {
  try {
    checkSvgCost(svg, options);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).reason).toBe("invalid_input_file");
    return error as EngineError;
  }
  throw new Error("the SVG was not refused");
}

const OPEN = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">';

describe("checkSvgCost", () => {
  it("refuses an href of any prefix that is not a fragment or data: URL, and lets hyperlinks be", () => {
    for (const link of [
      'xmlns:x.y="http://www.w3.org/1999/xlink"><image x.y:href="/etc/a.png"/>',
      'xmlns:é="http://www.w3.org/1999/xlink"><feImage é:href="img.png"/>',
      '><image href="&#47;etc&#47;a.png"/>',
      "><image href='/tmp/a\"b.png'/>",
      '><use href="other.svg#x"/>',
    ]) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" ${link}</svg>`;
      expect(refusal(svg).message).toMatch(/only #fragment and data: links are accepted/);
    }
    const own = `${OPEN}<a href="https://example.com/"><image href="data:image/png;base64,AA" width="1" height="1"/></a><use href=" #r"/><rect id="r" width="1" height="1"/></svg>`;
    expect(() => checkSvgCost(own)).not.toThrow();
  });

  it("refuses the nested-<use> bomb (a billion elements from ~2 KB) by counting, not expanding", () => {
    const svg = nestedUseSvg();
    expect(svg.length).toBeLessThan(2500);
    expect(refusal(svg).message).toMatch(/more than 100000 elements once <use> .* expanded \(the limit\)/);
  });

  it("takes a lower element limit where the use of the file needs one (svg-to-pdf)", () => {
    const shapes = `${OPEN}${'<rect width="1" height="1"/>'.repeat(SVG_LIMITS.maxPdfElements)}</svg>`;
    expect(() => checkSvgCost(shapes)).not.toThrow();
    expect(refusal(shapes, { maxElements: SVG_LIMITS.maxPdfElements }).message).toMatch(
      /more than 25000 elements/,
    );
  });

  it("counts references transitively and exactly while under the limit", () => {
    // l0 = g+rect; each level = g + 10 x (use + previous level); the root adds svg, defs and a use.
    const level = [2];
    for (let i = 1; i <= 3; i++) level.push(1 + 10 * (1 + level[i - 1]!));
    const defs = 1 + level.reduce((a, b) => a + b, 0);
    expect(checkSvgCost(nestedUseSvg(3, 10)).expandedElements).toBe(1 + defs + 1 + level[3]!);
  });

  it("counts a marker once per vertex of every shape it applies to, inherited ones too", () => {
    const big = `<g id="big">${'<rect width="1" height="1"/>'.repeat(500)}</g>`;
    const marker = '<marker id="m"><use href="#big"/></marker>';
    const path = `<path d="M0 0${" l1 1".repeat(400)}"/>`;
    const own = `${OPEN}<defs>${big}${marker}</defs><path marker-mid="url(#m)" d="M0 0${" l1 1".repeat(400)}"/></svg>`;
    expect(refusal(own).message).toMatch(/elements once <use> and other references are expanded/);
    const inherited = `${OPEN}<defs>${big}${marker}</defs><g style="marker-mid:url(#m)">${path}</g></svg>`;
    expect(refusal(inherited).message).toMatch(/elements once <use>/);
    const arrows = `${OPEN}<defs><marker id="a"><path d="M0 0L4 2L0 4z"/></marker></defs>${'<line x1="0" y1="0" x2="50" y2="50" marker-end="url(#a)"/>'.repeat(20)}</svg>`;
    expect(() => checkSvgCost(arrows)).not.toThrow();
  });

  it("checks the images a file carries: a raster's declared size, an SVG image's own cost", () => {
    // A PNG header alone declaring 50,000 x 50,000 pixels: a few bytes, 10 GB once decoded.
    const header = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
    header.writeUInt32BE(13, 8);
    header.write("IHDR", 12, "latin1");
    header.writeUInt32BE(50_000, 16);
    header.writeUInt32BE(50_000, 20);
    const image = (href: string) => `${OPEN}<image href="${href}" width="10" height="10"/></svg>`;
    expect(refusal(image(`data:image/png;base64,${header.toString("base64")}`)).message).toMatch(
      /50000 x 50000 pixels; the limit is 40 million/,
    );
    const bomb = Buffer.from(nestedUseSvg()).toString("base64");
    expect(refusal(image(`data:image/svg+xml;base64,${bomb}`)).message).toMatch(/elements once <use>/);
    let nested = `${OPEN}</svg>`;
    for (let i = 0; i < 3; i++)
      nested = image(`data:image/svg+xml;base64,${Buffer.from(nested).toString("base64")}`);
    expect(refusal(nested).message).toMatch(/nests SVG images more than 2 deep/);
    header.writeUInt32BE(64, 16);
    header.writeUInt32BE(64, 20);
    expect(() => checkSvgCost(image(`data:image/png;base64,${header.toString("base64")}`))).not.toThrow();
  });

  it("refuses reference loops and nested XML entities", () => {
    expect(refusal(`${OPEN}<g id="a"><use href="#a"/></g></svg>`).message).toMatch(/loop/);
    const entities = `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "x"><!ENTITY b "&a;&a;">]>${OPEN}</svg>`;
    expect(refusal(entities).message).toMatch(/refers to another entity/);
  });

  it("refuses nesting past the depth limit; the sniffer still reads the file (no parser limit throws)", () => {
    const svg = deeplyNestedSvg(1000);
    expect(sniff(svgBytes(svg))).toBe("svg");
    expect(refusal(svg).message).toMatch(new RegExp(`more than ${SVG_LIMITS.maxDepth} deep`));
    expect(() => checkSvgCost(deeplyNestedSvg(SVG_LIMITS.maxDepth - 2))).not.toThrow();
  });

  it("refuses a filter region far larger than its element, and filtered content far off the drawing", () => {
    expect(hugeFilterRegionSvg().length).toBeLessThan(300);
    expect(refusal(hugeFilterRegionSvg()).message).toMatch(/filter region.*more than 4 times/);
    expect(refusal(hugeFilteredElementSvg()).message).toMatch(/beyond 8 times the drawing/);
    const userSpace = `${OPEN}<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100000" height="10"><feFlood/></filter><rect width="9" height="9" filter="url(#f)"/></svg>`;
    expect(refusal(userSpace).message).toMatch(/more than 4 times the drawing/);
  });

  it("bounds blur radii by the drawing and morphology work by the output size", () => {
    const blur = `${OPEN}<filter id="f"><feGaussianBlur stdDeviation="5000"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>`;
    expect(refusal(blur).message).toMatch(/stdDeviation \(5000\) is wider than the drawing/);
    const morph = `${OPEN}<filter id="f"><feMorphology radius="20"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>`;
    expect(() => checkSvgCost(morph)).not.toThrow(); // 100 px output: cheap
    expect(refusal(morph, { width: 4096 }).message).toMatch(/morphology radius.*the limit is 2 billion/);
  });

  it("refuses an XML entity that holds markup (elements the count and the link check would not see)", () => {
    // The whole nested-<use> bomb inside one entity: the document itself has a single element.
    const bomb = nestedUseSvg()
      .replace(/^<svg[^>]*>|<\/svg>$/g, "")
      .replaceAll('"', "'");
    const hidden = `<!DOCTYPE svg [<!ENTITY e "${bomb}">]><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">&e;</svg>`;
    expect(refusal(hidden).message).toMatch(/entity e holds markup/);
    const link = `<!DOCTYPE svg [<!ENTITY i "<image href='/etc/a.png'/>">]><svg xmlns="http://www.w3.org/2000/svg">&i;</svg>`;
    expect(refusal(link).message).toMatch(/entity i holds markup/);
    const plain = `<!DOCTYPE svg [<!ENTITY ns "http://www.w3.org/2000/svg">]><svg xmlns="&ns;"/>`;
    expect(() => checkSvgCost(plain)).not.toThrow();
  });

  it("checks what a filtered element draws by reference, and filters a stylesheet or style may set", () => {
    const FILTER = '<filter id="f"><feFlood/></filter>';
    const HUGE = 'x="-1e6" y="-1e6" width="2e6" height="2e6"';
    for (const [label, body] of [
      [
        "a <use> of a huge target in <defs>",
        `<defs><rect id="r" ${HUGE}/></defs><use href="#r" filter="url(#f)"/>`,
      ],
      [
        "a <use> inside a filtered group",
        `<g filter="url(#f)"><use href="#r"/></g><defs><g id="r"><rect ${HUGE}/></g></defs>`,
      ],
      ["a stylesheet class", `<style>.b{filter:url(#f)}</style><rect class="b" ${HUGE}/>`],
      ["a stylesheet in CDATA", `<style><![CDATA[rect{FILTER:url(#f)}]]></style><rect ${HUGE}/>`],
      ["a style attribute with a comment", `<rect style="/**/filter:url(#f)" ${HUGE}/>`],
    ]) {
      expect(refusal(`${OPEN}${FILTER}${body}</svg>`).message, label).toMatch(
        /Filtered content reaches .*beyond 8 times the drawing's size/,
      );
    }
    // The same shapes at a modest size, and huge content nothing filters, still pass.
    const modest = `${OPEN}${FILTER}<style>.c{fill:red}</style><defs><rect id="r" width="90" height="90"/></defs><use href="#r" filter="url(#f)"/><rect class="c" ${HUGE}/></svg>`;
    expect(() => checkSvgCost(modest)).not.toThrow();
  });

  it("answers any text with facts or an EngineError, never another exception", () => {
    const piece = fc.constantFrom(
      "<svg>",
      "</svg>",
      "<g>",
      "</g>",
      "<use href='#a'/>",
      '<g id="a">',
      "<!--",
      "-->",
      "<![CDATA[",
      "]]>",
      "<?x?>",
      "<!DOCTYPE svg [<!ENTITY e 'x'>]>",
      '"',
      "'",
      "<",
      ">",
      "/",
      "=",
      " ",
      'filter="url(#f)"',
      '<filter id="f" x="9">',
      "<feMorphology radius='1e9'/>",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 8 })), { maxLength: 40 }), (parts) => {
        try {
          checkSvgCost(`${OPEN}${parts.join("")}</svg>`);
        } catch (error) {
          expect(error).toBeInstanceOf(EngineError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("passes ordinary files: the sample, a modest filter, and 300 real catalogue icons", () => {
    expect(() => checkSvgCost(SAMPLE_SVG)).not.toThrow();
    const shadow = `${OPEN}<filter id="s" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3"/></filter><circle cx="50" cy="50" r="30" filter="url(#s)"/></svg>`;
    expect(() => checkSvgCost(shadow, { width: 4096 })).not.toThrow();
    for (const icon of sample(allIcons(), 300, random(13))) {
      expect(() => checkSvgCost(icon.svg, { width: 4096 })).not.toThrow();
    }
  });
});
