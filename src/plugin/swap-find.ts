// Finds the Assetport icons a set swap works on: the selected layers and everything inside them, or
// the whole page. An icon is a layer carrying the asset record (node-data.ts), or an instance of a
// main component Assetport made for one (components.ts); what is inside an icon is the icon's own
// drawing and is not looked into. Layers that cannot be swapped are listed with why.
import { SWAP_MAX_ICONS, SWAP_PICTURE_SIDE } from "../messages/swap-types";
import type { SwapFindRequest, SwapFound, SwapIcon, SwapSkipped } from "../messages/types";
import { oneColour } from "./colour";
import { isAssetComponent } from "./components";
import { fail } from "./errors";
import { readAsset } from "./node-data";
import { insideInstance } from "./placement";

/** The asset a layer stands for: its own record, or its main component's when it is Assetport's. */
async function assetOf(node: SceneNode) {
  const own = readAsset(node);
  if (node.type !== "INSTANCE") return own;
  const main = await node.getMainComponentAsync();
  return isAssetComponent(main) ? (own ?? readAsset(main)) : own;
}

/** A locked layer (or one inside a locked frame) is one the designer asked not to be changed. */
function locked(node: BaseNode): boolean {
  for (let n: BaseNode | null = node; n && n.type !== "PAGE"; n = n.parent)
    if ("locked" in n && n.locked) return true;
  return false;
}

async function picture(node: SceneNode): Promise<Uint8Array> {
  const long = Math.max(node.width, node.height);
  const constraint: ExportSettingsConstraints =
    node.width >= node.height
      ? { type: "WIDTH", value: Math.max(1, Math.round((node.width / long) * SWAP_PICTURE_SIDE)) }
      : { type: "HEIGHT", value: Math.max(1, Math.round((node.height / long) * SWAP_PICTURE_SIDE)) };
  return node.exportAsync({ format: "PNG", constraint });
}

/** What the review shows of an icon: its picture, and its one colour when it has one. */
async function drawn(node: SceneNode): Promise<{ picture: Uint8Array; colour?: string }> {
  const colour = oneColour(node);
  return colour ? { picture: await picture(node), colour } : { picture: await picture(node) };
}

/** Layers looked at, at most, on each selection change: a page-sized frame must not slow Figma down. */
const OFFER_WALK_MAX = 2000;

/**
 * How many Assetport icons the selection holds, frames looked into, for the window's offer: read on
 * every selection change, so it stays synchronous and bounded (instances carry the asset record
 * themselves, see components.ts newInstance; what is past the bound is not counted).
 */
export function countSwappable(roots: readonly SceneNode[]): number {
  let icons = 0;
  let seen = 0;
  const stack = [...roots];
  while (stack.length && seen < OFFER_WALK_MAX) {
    const node = stack.pop()!;
    seen++;
    const asset = readAsset(node);
    if (asset) {
      if (asset.type === "icon" && node.type !== "COMPONENT" && !insideInstanceOrLocked(node)) icons++;
      continue;
    }
    if ("children" in node) stack.push(...node.children);
  }
  return icons;
}

function insideInstanceOrLocked(node: SceneNode): boolean {
  return (node.type !== "INSTANCE" && insideInstance(node)) || locked(node);
}

export async function findSwappable(request: SwapFindRequest): Promise<SwapFound> {
  const roots: readonly SceneNode[] =
    request.scope === "page" ? figma.currentPage.children : figma.currentPage.selection;
  if (roots.length === 0) {
    fail("nothing_selected", "Select the icons to swap, or a frame holding them.");
  }
  const icons: SwapIcon[] = [];
  const skipped: SwapSkipped[] = [];
  let more = false;
  const visit = async (node: SceneNode): Promise<void> => {
    if (more) return;
    // A main component is the drawing its instances follow: its instances are swapped, never it.
    const asset = node.type === "COMPONENT" || node.type === "COMPONENT_SET" ? null : await assetOf(node);
    if (asset) {
      const entry = { nodeId: node.id, layerName: node.name };
      const instance = node.type === "INSTANCE";
      // A plain layer inside an instance cannot be replaced; a nested instance can be swapped.
      if (!instance && insideInstance(node)) skipped.push({ ...entry, reason: "inside-instance" });
      else if (asset.type !== "icon") skipped.push({ ...entry, reason: "not-an-icon" });
      else if (locked(node)) skipped.push({ ...entry, reason: "locked", ...(await drawn(node)) });
      else if (icons.length >= SWAP_MAX_ICONS) more = true;
      else {
        const { width, height } = node;
        icons.push({ ...entry, asset, width, height, instance, ...(await drawn(node)) });
      }
      return;
    }
    if ("children" in node) for (const child of node.children) await visit(child);
  };
  for (const root of roots) await visit(root);
  return { icons, skipped, more };
}
