// What Assetport writes on the nodes it makes: the asset (for Replace and Find similar), the SVG
// source when it fits Figma's 100 kB plugin-data entry, and the relaunch buttons.
import type { AssetRef } from "../messages/types";

const ASSET_KEY = "asset";
const SOURCE_KEY = "source";
// Figma's cap is 100 kB for plugin id + key + value, in bytes: a value of at most 90,000 UTF-8 bytes
// stays clear of it (whatever "kB" means there) rather than fail the insert.
const SOURCE_MAX_BYTES = 90_000;

/** UTF-8 length, counted by hand: Figma's sandbox has no TextEncoder. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit < 0xdc00 && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4; // a surrogate pair: one code point over U+FFFF
      i++;
    } else bytes += 3; // the rest of the BMP, and a lone surrogate (written as U+FFFD)
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit < 0xe000;
}

export function recordAsset(node: SceneNode, asset: AssetRef, svg?: string): void {
  node.setPluginData(ASSET_KEY, JSON.stringify({ uuid: asset.uuid, name: asset.name, type: asset.type }));
  if (svg && utf8Length(svg) <= SOURCE_MAX_BYTES) node.setPluginData(SOURCE_KEY, svg);
  // An icon also offers its set swap (swap-find.ts); other assets have no set to swap.
  node.setRelaunchData({
    replace: `${asset.name} (${asset.type})`,
    similar: "",
    ...(asset.type === "icon" ? { swap: "" } : {}),
  });
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
