// @vitest-environment happy-dom
// The rewrite behind stroke previews: the width lands in the drawing's units as the plugin will
// place it, on every shape however the stroke was set, filled icons are left alone, and a hostile
// file comes out unable to act or reach out, or is refused before it is parsed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  MAX_SVG_CHARS,
  prepareSvg,
  rewriteStroke,
  type StrokeLook,
  strokeAt,
  strokeInDrawingUnits,
} from "../../../src/ui/preview/stroke-rewrite";
import { transformScale } from "../../../src/ui/preview/svg-transform-scale";

/** An icon as the packaged sets ship it (the local service serves these files). */
const packaged = (path: string) =>
  readFileSync(join(import.meta.dirname, "../../../node_modules", path), "utf8");
const TABLER_ROCKET = packaged("@tabler/icons/icons/outline/rocket.svg");
const PHOSPHOR_ROCKET = packaged("@phosphor-icons/core/assets/regular/rocket.svg");

function stroked(svg: string, look: StrokeLook): Document {
  const out = rewriteStroke(svg, look);
  if (out.kind !== "stroked") throw new Error(`expected a redrawing, got ${JSON.stringify(out)}`);
  return new DOMParser().parseFromString(out.svg, "image/svg+xml");
}

/** The width each shape is drawn at, from the inline style the rewrite gives it. */
function widths(doc: Document): number[] {
  return [...doc.querySelectorAll("path, line, circle, rect, polyline, polygon, ellipse")].map((el) => {
    const match = /stroke-width:\s*([\d.]+)px !important/.exec(el.getAttribute("style") ?? "");
    return match ? Number(match[1]) : Number.NaN;
  });
}

const svg = (
  inner: string,
  root = 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2"',
) => `<svg xmlns="http://www.w3.org/2000/svg" ${root}>${inner}</svg>`;

describe("the width in the drawing's units", () => {
  it("is width x the viewBox's long side / the insert size", () => {
    expect(strokeInDrawingUnits({ width: 1, size: 24 }, { width: 24, height: 24 })).toBe(1);
    expect(strokeInDrawingUnits({ width: 3, size: 48 }, { width: 24, height: 24 })).toBe(1.5);
    // Phosphor draws on 256: 1.5 px at 32 px is 12 of its units.
    expect(strokeInDrawingUnits({ width: 1.5, size: 32 }, { width: 256, height: 256 })).toBe(12);
    // A wide drawing is fitted by its long side, as the plugin fits it.
    expect(strokeInDrawingUnits({ width: 2, size: 24 }, { width: 48, height: 12 })).toBe(4);
  });

  it("puts 1 px at 24 on Tabler's rocket as 1 unit, and 3 px at 48 as 1.5", () => {
    expect(widths(stroked(TABLER_ROCKET, { width: 1, size: 24 }))).toEqual([1, 1, 1, 1]);
    expect(widths(stroked(TABLER_ROCKET, { width: 3, size: 48 }))).toEqual([1.5, 1.5, 1.5, 1.5]);
  });

  it("reads the size from width and height when there is no viewBox", () => {
    const doc = stroked(svg('<path d="M0 0L48 48"/>', 'width="48" height="48" stroke="#000"'), {
      width: 2,
      size: 24,
    });
    expect(widths(doc)).toEqual([4]);
  });

  it("divides by the scale a group's or a shape's transform adds", () => {
    const doc = stroked(
      svg(
        '<g transform="scale(2)"><path d="M0 0h4"/><path transform="matrix(0.5 0 0 0.5 1 1)" d="M0 0h4"/></g>',
      ),
      { width: 2, size: 24 },
    );
    expect(widths(doc)).toEqual([1, 2]);
    expect(transformScale("translate(3 4) rotate(45) scale(3, 12)")).toBe(6);
    expect(transformScale("scale(nope)")).toBe(1);
    expect(transformScale(null)).toBe(1);
  });
});

describe("read once, drawn at any width", () => {
  it("fills the prepared drawing's slots: each width a string away, one slot per scale met", () => {
    const prepared = prepareSvg(svg('<path d="M0 0h4"/><g transform="scale(4)"><path d="M0 0h1"/></g>'));
    if (prepared.kind !== "stroked") throw new Error(prepared.kind);
    expect(prepared.scales).toEqual([1, 4]);
    for (const [width, size, expected] of [
      [1, 24, [1, 0.25]],
      [2, 48, [1, 0.25]],
      [3, 24, [3, 0.75]],
    ] as const) {
      const doc = new DOMParser().parseFromString(strokeAt(prepared, { width, size }), "image/svg+xml");
      expect(widths(doc)).toEqual(expected);
    }
  });

  it("refuses a file that holds the slot's own name, rather than let it choose a width", () => {
    expect(prepareSvg(svg('<path d="M0 0" class="__assetport_stroke_0__"/>'))).toMatchObject({
      kind: "refused",
    });
  });
});

describe("wherever the stroke was set", () => {
  it("overrides a width on the root, a group, an element and a <style> rule, and a non-scaling stroke", () => {
    const doc = stroked(
      svg(
        '<style>.x{stroke-width:7}</style><g stroke-width="5"><path class="x" d="M0 0h4"/>' +
          '<path style="stroke-width:9;fill:none" stroke-width="3" d="M0 0h4"/>' +
          '<path vector-effect="non-scaling-stroke" d="M0 0h4"/></g>',
      ),
      { width: 1.5, size: 24 },
    );
    expect(widths(doc)).toEqual([1.5, 1.5, 1.5]);
    // Inline and important: nothing in the file can win over it.
    expect(doc.querySelectorAll('[style*="vector-effect:none !important"]')).toHaveLength(3);
    // The element's own style is kept beside it.
    expect(doc.querySelectorAll("path")[1]!.getAttribute("style")).toMatch(/^stroke-width:9;fill:none;/);
  });

  it("counts a stroke set on a shape alone, in a style attribute, or by a <style> rule", () => {
    const look = { width: 1, size: 24 };
    const root = 'viewBox="0 0 24 24"';
    expect(rewriteStroke(svg('<path stroke="#123" d="M0 0h4"/>', root), look).kind).toBe("stroked");
    expect(rewriteStroke(svg('<path style="stroke: red" d="M0 0h4"/>', root), look).kind).toBe("stroked");
    expect(rewriteStroke(svg('<style>path{stroke:#000}</style><path d="M0 0"/>', root), look).kind).toBe(
      "stroked",
    );
  });
});

describe("icons without strokes", () => {
  it("leaves filled drawings as they are: Phosphor's regular weight, and strokes turned off", () => {
    const look = { width: 1, size: 24 };
    expect(rewriteStroke(PHOSPHOR_ROCKET, look)).toEqual({ kind: "unstroked" });
    const off = svg(
      '<g stroke="none"><path d="M0 0h4" fill="#000"/></g>',
      'viewBox="0 0 24 24" stroke="#000"',
    );
    expect(rewriteStroke(off, look)).toEqual({ kind: "unstroked" });
    expect(
      rewriteStroke(svg('<style>path{stroke:none}</style><path d="M0 0"/>', 'viewBox="0 0 24 24"'), look),
    ).toEqual({
      kind: "unstroked",
    });
  });
});

describe("a hostile preview", () => {
  const look = { width: 2, size: 24 };

  it("comes out with no script, no event attribute, no foreign content and no link out", () => {
    const hostile = svg(
      '<script>parent.postMessage("owned","*")</script><path onload="alert(1)" ONCLICK="x()" d="M0 0h4"/>' +
        '<image href="https://evil.example/track.png" width="4" height="4"/>' +
        '<use xlink:href="https://evil.example/sprite.svg#a" xmlns:xlink="http://www.w3.org/1999/xlink"/>' +
        '<use href="#keep"/><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>' +
        '<a href="javascript:alert(1)"><path d="M0 0"/></a>',
      'viewBox="0 0 24 24" stroke="#000" onload="alert(2)"',
    );
    const out = rewriteStroke(hostile, look);
    expect(out.kind).toBe("stroked");
    const text = out.kind === "stroked" ? out.svg : "";
    expect(text).not.toMatch(/<script|onload|onclick|evil\.example|javascript:|foreignObject|<div/i);
    expect(text).toContain('href="#keep"');
  });

  it("refuses a DTD (entity expansion) without parsing it", () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>' +
      `${svg("<text>&d;&d;&d;&d;&d;&d;&d;&d;</text>")}`;
    expect(rewriteStroke(laughs, look)).toEqual({ kind: "refused", why: "has a DTD" });
  });

  it("refuses a file past the bound, and what is not an SVG drawing", () => {
    const huge = svg(`<path d="M0 0${" l1 1".repeat(1_000_000)}"/>`);
    expect(huge.length).toBeGreaterThan(5_000_000);
    expect(rewriteStroke(huge, look)).toEqual({ kind: "refused", why: "too big" });
    expect(rewriteStroke(svg(`<path d="M0 0h4"/><!--${"x".repeat(MAX_SVG_CHARS)}-->`), look).kind).toBe(
      "refused",
    );
    expect(rewriteStroke(svg("<g><path d='M0 0'/>").slice(0, -6), look)).toMatchObject({ kind: "refused" });
    expect(rewriteStroke("<html><body>hi</body></html>", look)).toMatchObject({ kind: "refused" });
    expect(rewriteStroke("not markup at all", look)).toMatchObject({ kind: "refused" });
    expect(rewriteStroke(svg('<path d="M0 0"/>', 'stroke="#000"'), look)).toEqual({
      kind: "refused",
      why: "no size",
    });
    expect(rewriteStroke(svg('<path d="M0 0"/>'), { width: 0, size: 24 })).toMatchObject({ kind: "refused" });
  });
});
