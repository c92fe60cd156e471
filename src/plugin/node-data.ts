// What Assetport writes on the nodes it makes: the asset (for Replace and Find similar), the SVG
// source when it fits Figma's 100 kB plugin-data entry, and the relaunch buttons.
import type { AssetRef } from "../messages/types";

const ASSET_KEY = "asset";
const SOURCE_KEY = "source";
// Figma's cap is 100 kB for plugin id + key + value; stay clear of it rather than fail the insert.
const SOURCE_MAX = 90_000;

export function recordAsset(node: SceneNode, asset: AssetRef, svg?: string): void {
  node.setPluginData(ASSET_KEY, JSON.stringify({ uuid: asset.uuid, name: asset.name, type: asset.type }));
  if (svg && svg.length <= SOURCE_MAX) node.setPluginData(SOURCE_KEY, svg);
  node.setRelaunchData({ replace: `${asset.name} (${asset.type})`, similar: "" });
}

export function readAsset(node: BaseNode): AssetRef | null {
  const raw = node.getPluginData(ASSET_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AssetRef>;
    return typeof value.uuid === "string" ? (value as AssetRef) : null;
  } catch {
    return null;
  }
}
