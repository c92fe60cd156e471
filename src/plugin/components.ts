// Insert as component: each asset variant (what changes the drawing) is made once as a main
// component on a page of Assetport's own (component-home.ts), and the canvas gets instances.
// Replace on such an instance swaps its main component, which Figma allows even on an instance
// nested in another component's instance, where a layer cannot be removed.
import type { AssetRef, InsertContent, InsertOptions } from "../messages/types";
import { addToHome, type ComponentHome, componentHome } from "./component-home";
import { orRemove, orRemoveNow } from "./errors";
import { type AssetNode, createAssetNode } from "./insert-content";
import { readAsset, recordAsset } from "./node-data";
import { type ColourChoice, colourFor, setStrokeWidth, strokeWidthOf } from "./paints";
import { insideInstance, rescaleBy } from "./placement";

/** Plugin data on a main component: the variant key it was made for. */
const VARIANT_KEY = "variant";

/** Options that say how an asset is placed, not what it looks like: left out of the variant key. */
const PLACING_OPTIONS = new Set<string>(["keepReplacedColor", "insertAsComponent"]);

/** FNV-1a over the content, so a changed download is a new variant even under the same asset id. */
function fingerprint(content: InsertContent): string {
  let hash = 0x811c9dc5;
  const mix = (unit: number) => {
    hash ^= unit;
    hash = Math.imul(hash, 0x01000193);
  };
  if (content.kind === "svg") for (let i = 0; i < content.svg.length; i++) mix(content.svg.charCodeAt(i));
  else for (const byte of content.bytes) mix(byte);
  return (hash >>> 0).toString(16);
}

/**
 * What makes one variant: the asset, its content (format and a fingerprint), the colour actually
 * applied, the long side it was made at (to 0.01 px), and every other drawing option, so an option
 * added later (a stroke width) is part of the key without a change here.
 */
export function variantKey(
  asset: AssetRef,
  content: InsertContent,
  options: InsertOptions | undefined,
  colour: ColourChoice | null,
  longSide: number,
): string {
  const drawing = Object.entries(options ?? {})
    .filter(([name]) => !PLACING_OPTIONS.has(name) && name !== "size" && !COLOUR_OPTIONS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const applied = colourKey(colour);
  return JSON.stringify([
    asset.uuid,
    content.kind === "svg" ? "svg" : content.format,
    fingerprint(content),
    applied,
    Math.round(longSide * 100) / 100,
    drawing,
  ]);
}

/** The options that ask for a colour: the colour actually applied (asked or kept) stands for them. */
const COLOUR_OPTIONS = new Set(["color", "colorVariableId", "colorStyleId"]);

/** The colour applied, as a key: the rgb in 0-255, or the variable or style it is bound to. */
function colourKey(colour: ColourChoice | null): unknown {
  if (!colour) return null;
  if (colour.kind === "rgb")
    return [colour.color.r, colour.color.g, colour.color.b].map((c) => Math.round(c * 255));
  return colour.kind === "variable" ? `variable:${colour.variable.id}` : `style:${colour.styleId}`;
}

/** Whether a component is one Assetport made (its asset and variant are recorded on it). */
export function isAssetComponent(component: ComponentNode | null): component is ComponentNode {
  return !!component && component.getPluginData(VARIANT_KEY) !== "" && readAsset(component) !== null;
}

/**
 * The main component for an asset variant: found by its key on Assetport's page, or made there. `fit`
 * is the box the result must fit (a replaced layer's), else the options' size applies. A component
 * deleted by the designer is no longer on the page, so it is made again.
 */
export async function variantComponent(
  asset: AssetRef,
  content: InsertContent,
  options: InsertOptions | undefined,
  colour: ColourChoice | null,
  fit?: { width: number; height: number },
  /** Collects a component made here (not one found): a failed Replace removes what it made. */
  made?: ComponentNode[],
): Promise<ComponentNode> {
  const node = await createAssetNode(asset, content, options, colour);
  const drawn = await orRemove(node, async () => {
    if (fit) {
      rescaleBy(node, Math.min(fit.width / node.width, fit.height / node.height));
      // Fitting scaled the strokes: an asked stroke width is absolute.
      if (options?.strokeWidth && node.type === "FRAME") setStrokeWidth(node, options.strokeWidth);
    }
    const key = variantKey(asset, content, options, colour, Math.max(node.width, node.height));
    const home = await componentHome();
    const existing = home.children.find(
      (n): n is ComponentNode => n.type === "COMPONENT" && n.getPluginData(VARIANT_KEY) === key,
    );
    return { key, home, existing };
  });
  if (drawn.existing) {
    node.remove();
    return drawn.existing;
  }
  const component = await makeComponent(node, drawn.home, drawn.key, asset, content);
  made?.push(component);
  return component;
}

/** Turns the drawn node into a main component at the end of Assetport's page or section. */
function makeComponent(
  node: SceneNode,
  home: ComponentHome,
  key: string,
  asset: AssetRef,
  content: InsertContent,
): Promise<ComponentNode> {
  // Figma does not say that plugin data survives createComponentFromNode: the width is carried by hand.
  const strokeWidth = strokeWidthOf(node);
  return orRemove(node, () => {
    const component = figma.createComponentFromNode(node);
    return orRemove(component, () => {
      // Recorded on the component, so apply-options keeps it when an instance is resized.
      if (strokeWidth) setStrokeWidth(component, strokeWidth);
      component.name = asset.name;
      recordAsset(component, asset, content.kind === "svg" ? content.svg : undefined);
      component.setPluginData(VARIANT_KEY, key);
      addToHome(home, component);
      return component;
    });
  });
}

/**
 * What an insert or a drop puts on the canvas (on the current page, to be placed): an instance of the
 * variant's component when inserting as component, else the asset's own node.
 */
export async function createPlacedNode(
  asset: AssetRef,
  content: InsertContent,
  options: InsertOptions | undefined,
): Promise<AssetNode | InstanceNode> {
  const colour = await colourFor(options);
  if (!options?.insertAsComponent) return createAssetNode(asset, content, options, colour);
  return newInstance(await variantComponent(asset, content, options, colour), asset);
}

/** An instance on the current page, carrying the asset itself (Figma copies no plugin data to it). */
export function newInstance(component: ComponentNode, asset: AssetRef): InstanceNode {
  const instance = component.createInstance();
  return orRemoveNow(instance, () => {
    recordAsset(instance, asset);
    return instance;
  });
}

/**
 * Whether Replace swaps `target`'s main component instead of replacing the layer: any instance when
 * inserting as component, else an instance of a component Assetport made.
 */
export async function swapsComponent(target: SceneNode, asComponent: boolean): Promise<boolean> {
  if (target.type !== "INSTANCE") return false;
  return asComponent || isAssetComponent(await target.getMainComponentAsync());
}

/**
 * Swaps the instance to `component`, keeping its place in the layers, its overrides (Figma's swap
 * heuristics) and its centre. An instance nested in another instance cannot be moved, so it keeps its
 * top-left; the component was made to fit its box, so it stays inside it.
 */
export function swapInstance(target: InstanceNode, component: ComponentNode, asset: AssetRef): void {
  const before = { x: target.x, y: target.y, width: target.width, height: target.height };
  target.swapComponent(component);
  // Figma may keep a resized instance's size on swap (its heuristics are not documented): the
  // component was made to fit the old box, so its own size is the one wanted, whatever Figma kept.
  if (target.width !== component.width || target.height !== component.height) {
    target.resize(component.width, component.height);
  }
  if (insideInstance(target)) {
    recordNested(target, asset);
    return;
  }
  recordAsset(target, asset);
  target.x = before.x + (before.width - target.width) / 2;
  target.y = before.y + (before.height - target.height) / 2;
}

/**
 * Figma does not document whether a layer inside an instance takes plugin and relaunch data. The swap
 * is done by then and the main component records the asset, so a refusal costs the nested instance
 * its relaunch buttons, never the replace.
 */
function recordNested(target: InstanceNode, asset: AssetRef): void {
  try {
    recordAsset(target, asset);
  } catch {
    // kept as swapped: see above
  }
}
