// Icon colour: every solid fill and stroke in the icon takes the chosen colour; "none" stays none,
// invisible and fully transparent paints stay as they are, so cut-outs keep their shape.

export function hexToRgb(hex: string): RGB {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

/** A paint the icon's colour applies to: solid and showing. */
export function isPaintable(paint: Paint): paint is SolidPaint {
  return paint.type === "SOLID" && paint.visible !== false && paint.opacity !== 0;
}

/** Replaces each paintable paint; the others are kept as they are. */
export function mapPaintable(paints: readonly Paint[], change: (paint: SolidPaint) => Paint): Paint[] {
  return paints.map((p) => (isPaintable(p) ? change(p) : p));
}

/**
 * Every layer of the drawing: the icon's own frame keeps its (usually empty) background, so only what
 * is inside it is visited; a lone vector or shape is its own drawing.
 */
export function eachDrawn(root: SceneNode, visit: (node: SceneNode) => void): void {
  const walk = (node: SceneNode) => {
    if (!(node === root && (node.type === "FRAME" || node.type === "INSTANCE"))) visit(node);
    if ("children" in node) for (const child of node.children) walk(child);
  };
  walk(root);
}

/** The fills a node has as a list (a text's mixed fills are not the icon's case). */
export function fillsOf(node: SceneNode): readonly Paint[] {
  return "fills" in node && Array.isArray(node.fills) ? (node.fills as readonly Paint[]) : [];
}

export function strokesOf(node: SceneNode): readonly Paint[] {
  return "strokes" in node ? node.strokes : [];
}

/**
 * A plain colour. A paint bound to a variable loses the binding, or the variable would keep
 * overriding the colour asked for (setting the paints also detaches a paint style, as in Figma).
 */
export function recolour(root: SceneNode, color: RGB): void {
  const plain = (p: SolidPaint): SolidPaint => {
    const { boundVariables: _bound, ...rest } = p;
    return { ...rest, color: { ...color } };
  };
  eachDrawn(root, (node) => {
    if ("fills" in node && fillsOf(node).some(isPaintable)) node.fills = mapPaintable(fillsOf(node), plain);
    if ("strokes" in node && node.strokes.some(isPaintable)) node.strokes = mapPaintable(node.strokes, plain);
  });
}

/**
 * The one colour an icon is drawn in ("#rrggbb"), read as recolour() would write it: undefined when
 * it has no solid paint showing, or more than one colour (a multi-colour icon has no one colour).
 */
export function oneColour(root: SceneNode): string | undefined {
  const seen = new Set<string>();
  eachDrawn(root, (node) => {
    for (const paint of [...fillsOf(node), ...strokesOf(node)])
      if (isPaintable(paint)) seen.add(rgbToHex(paint.color));
  });
  return seen.size === 1 ? [...seen][0] : undefined;
}

function hex2(channel: number): string {
  return Math.round(Math.max(0, Math.min(1, channel)) * 255)
    .toString(16)
    .padStart(2, "0");
}

export function rgbToHex(color: RGB): string {
  return `#${hex2(color.r)}${hex2(color.g)}${hex2(color.b)}`;
}
