// What Assetport writes on the nodes it makes: the asset (for Replace and Find similar, and where it
// came from: set, licence, time), the work that made a result, the SVG source when it fits Figma's
// 100 kB plugin-data entry, and the relaunch buttons.
import type { AssetRecord, AssetRef, MadeRecord } from "../messages/types";

const ASSET_KEY = "asset";
export const MADE_KEY = "made";
const SOURCE_KEY = "source";
/** The keys that mark a layer as Assetport's, for findAllWithCriteria's pluginData search. */
export const RECORD_KEYS = [ASSET_KEY, MADE_KEY];
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

/** The asset and what the window knew of it (set, licence), stamped with the time it was placed. */
export function recordAsset(node: SceneNode, asset: AssetRef, svg?: string): void {
  const record: AssetRecord = { uuid: asset.uuid, name: asset.name, type: asset.type };
  if (asset.set) record.set = asset.set;
  if (asset.licence) record.licence = asset.licence;
  if (asset.licenceUrl) record.licenceUrl = asset.licenceUrl;
  record.at = Date.now();
  node.setPluginData(ASSET_KEY, JSON.stringify(record));
  if (svg && utf8Length(svg) <= SOURCE_MAX_BYTES) node.setPluginData(SOURCE_KEY, svg);
  // An icon also offers its set swap (swap-find.ts); other assets have no set to swap.
  node.setRelaunchData({
    replace: `${asset.name} (${asset.type})`,
    similar: "",
    ...(asset.type === "icon" ? { swap: "" } : {}),
  });
}

/** Work that made or changed this layer; the time is the plugin's, when the result lands. */
export function recordMade(node: SceneNode, operation: string, from?: string): void {
  const made: MadeRecord = { operation, at: Date.now() };
  if (from) made.from = from;
  node.setPluginData(MADE_KEY, JSON.stringify(made));
}

const isText = (v: unknown): v is string => typeof v === "string" && v !== "";

function parsed(node: BaseNode, key: string): Record<string, unknown> | null {
  const raw = node.getPluginData(key);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The asset recorded on a layer. Records written before set, licence and time were kept have only
 * uuid, name and type: they read as such. Fields of the wrong shape are left out, not trusted.
 */
export function readAsset(node: BaseNode): AssetRecord | null {
  const v = parsed(node, ASSET_KEY);
  if (!v || typeof v.uuid !== "string") return null;
  const record: AssetRecord = {
    uuid: v.uuid,
    name: typeof v.name === "string" ? v.name : "",
    type: v.type as AssetRecord["type"],
  };
  if (isText(v.set)) record.set = v.set;
  if (isText(v.licence)) record.licence = v.licence;
  if (isText(v.licenceUrl)) record.licenceUrl = v.licenceUrl;
  if (typeof v.at === "number" && Number.isFinite(v.at)) record.at = v.at;
  return record;
}

export function readMade(node: BaseNode): MadeRecord | null {
  const v = parsed(node, MADE_KEY);
  if (!v || !isText(v.operation) || typeof v.at !== "number") return null;
  return isText(v.from)
    ? { operation: v.operation, at: v.at, from: v.from }
    : { operation: v.operation, at: v.at };
}
