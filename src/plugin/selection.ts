// What the ui needs to know about the selection: enough to enable Replace, Find similar, vectorize
// and remove-background, without sending the nodes themselves.
import type { AssetKind, SelectedNode, SelectionInfo } from "../messages/types";
import { readAsset } from "./node-data";
import { plainColourOf, strokeWidthOf } from "./paints";
import { countSwappable } from "./swap-find";

const MAX_LISTED = 50;

export function isExportable(node: SceneNode): boolean {
  return "exportAsync" in node && node.width > 0 && node.height > 0;
}

export function imageFillOf(node: SceneNode): ImagePaint | undefined {
  const fills = "fills" in node ? node.fills : [];
  if (!Array.isArray(fills)) return undefined;
  return (fills as readonly Paint[]).find((p): p is ImagePaint => p.type === "IMAGE" && p.visible !== false);
}

function describeNode(node: SceneNode): SelectedNode {
  const asset = readAsset(node);
  const info: SelectedNode = {
    id: node.id,
    name: node.name,
    nodeType: node.type,
    width: node.width,
    height: node.height,
    exportable: isExportable(node),
    hasImageFill: imageFillOf(node) !== undefined,
  };
  if (asset) {
    info.assetUuid = asset.uuid;
    info.assetType = asset.type as AssetKind;
    // The bar shows it for the selected icons, as Figma's own fields show a selection's values.
    const stroke = asset.type === "icon" ? strokeWidthOf(node) : null;
    if (stroke !== null) info.strokeWidth = stroke;
    const colour = asset.type === "icon" ? plainColourOf(node) : undefined;
    if (colour) info.colour = colour;
  }
  return info;
}

function swappable(selection: readonly SceneNode[]): { swappableIcons?: number } {
  const count = countSwappable(selection);
  return count ? { swappableIcons: count } : {};
}

export function describeSelection(): SelectionInfo {
  const selection = figma.currentPage.selection;
  const nodes = selection.slice(0, MAX_LISTED).map(describeNode);
  return {
    count: selection.length,
    nodes,
    kinds: [...new Set(selection.map((n) => n.type))],
    anyExportable: nodes.some((n) => n.exportable),
    anyImageFill: nodes.some((n) => n.hasImageFill),
    anyAsset: nodes.some((n) => n.assetUuid !== undefined),
    ...swappable(selection),
  };
}
