// Icon colour: every solid fill and stroke in the icon takes the chosen colour; "none" stays none,
// invisible and fully transparent paints stay as they are, so cut-outs keep their shape.

export function hexToRgb(hex: string): RGB {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

function recolourPaints(paints: readonly Paint[], color: RGB): Paint[] {
  return paints.map((p) =>
    p.type === "SOLID" && p.visible !== false && p.opacity !== 0
      ? Object.assign({}, p, { color: Object.assign({}, color) })
      : p,
  );
}

function eachNode(root: SceneNode, visit: (node: SceneNode) => void): void {
  visit(root);
  if ("children" in root) for (const child of root.children) eachNode(child, visit);
}

export function recolour(root: SceneNode, color: RGB): void {
  eachNode(root, (node) => {
    // The icon's own frame keeps its (usually empty) background: only the drawing is recoloured.
    if (node === root && node.type === "FRAME") return;
    if ("fills" in node && Array.isArray(node.fills)) node.fills = recolourPaints(node.fills, color);
    if ("strokes" in node) node.strokes = recolourPaints(node.strokes, color);
  });
}

/** The first visible solid colour drawn inside a node (the colour a replaced icon had). */
export function colourOf(root: SceneNode): RGB | null {
  let found: RGB | null = null;
  eachNode(root, (node) => {
    if (found || (node === root && node.type === "FRAME")) return;
    const paints = [
      ...("strokes" in node ? node.strokes : []),
      ...("fills" in node && Array.isArray(node.fills) ? node.fills : []),
    ];
    const solid = paints.find(
      (p): p is SolidPaint => p.type === "SOLID" && p.visible !== false && p.opacity !== 0,
    );
    if (solid) found = solid.color;
  });
  return found;
}
