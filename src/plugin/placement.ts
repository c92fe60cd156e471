// Where a new node goes. Into the selected frame or group (appended in order when it is auto-layout),
// else the centre of the viewport; a drop lands centred under the pointer. A spot already holding an
// Assetport node moves one step right, so repeated inserts sit side by side instead of stacking.
import type { PlacedWhere } from "../messages/types";
import { fail } from "./errors";
import { readAsset } from "./node-data";
import { shortName } from "./notice";

/** A node that can take children, as Figma types `parent`. */
export type Parent = BaseNode & ChildrenMixin;
const GAP = 8;
const MAX_STEPS = 200;

export function insideInstance(node: BaseNode): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === "INSTANCE") return true;
  return false;
}

/** Frames, groups, components and sections can take a new child (an instance's structure is locked). */
export function canHoldChildren(node: BaseNode): node is FrameNode | GroupNode | ComponentNode | SectionNode {
  return ["FRAME", "GROUP", "COMPONENT", "SECTION"].includes(node.type) && !insideInstance(node);
}

function isAutoLayout(node: BaseNode): boolean {
  return "layoutMode" in node && node.layoutMode !== "NONE";
}

/** A node's top-left on the canvas, whatever its parent. */
function absolute(node: SceneNode): { x: number; y: number } {
  const t = node.absoluteTransform;
  return { x: t[0][2], y: t[1][2] };
}

function centreOf(node: SceneNode): { x: number; y: number } {
  const { x, y } = absolute(node);
  return { x: x + node.width / 2, y: y + node.height / 2 };
}

/** Moves a node (already in its parent) so its top-left is at a canvas point. */
export function moveTo(node: SceneNode, x: number, y: number): void {
  const at = absolute(node);
  node.x += x - at.x;
  node.y += y - at.y;
}

// Figma's rescale refuses a factor under 0.01 and resize a side under 0.01 px.
const MIN_RESCALE = 0.01;
const MIN_SIDE = 0.01;

/**
 * rescale by any factor: a shrink past Figma's 0.01 floor (a 4000 px raster put in a 10 px slot) is
 * made in steps that are each allowed, top-left fixed as rescale keeps it. A factor that would take
 * the smaller side under 0.01 px (a zero-height line's box) stops there.
 */
export function rescaleBy(node: Pick<LayoutMixin, "width" | "height" | "rescale">, factor: number): void {
  let left = Math.max(factor, MIN_SIDE / Math.min(node.width, node.height));
  if (!Number.isFinite(left)) return;
  while (left < MIN_RESCALE) {
    node.rescale(MIN_RESCALE);
    left /= MIN_RESCALE;
  }
  if (left !== 1) node.rescale(left);
}

function overlaps(a: SceneNode, b: SceneNode): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Appends `node` to `parent` centred on a canvas point (auto-layout decides for itself). */
function putAt(
  node: SceneNode,
  parent: Parent,
  point: { x: number; y: number },
  avoidStacking: boolean,
): void {
  parent.appendChild(node);
  if (isAutoLayout(parent)) return;
  moveTo(node, Math.round(point.x - node.width / 2), Math.round(point.y - node.height / 2));
  const placed = avoidStacking ? parent.children.filter((c) => c !== node && readAsset(c) !== null) : [];
  for (let step = 0; step < MAX_STEPS && placed.some((c) => overlaps(c, node)); step++) {
    node.x += node.width + GAP;
  }
}

/**
 * The automatic spot: a selected frame or group (not an inserted asset, which is a frame too); else
 * beside a selected asset, so repeated inserts line up; else the viewport centre.
 */
export function placeAuto(node: SceneNode): PlacedWhere {
  const selection = figma.currentPage.selection;
  const container = selection.find((n) => canHoldChildren(n) && readAsset(n) === null);
  if (container) {
    putAt(node, container as Parent, centreOf(container), true);
    return container.type === "GROUP" ? "group" : isAutoLayout(container) ? "auto-layout" : "frame";
  }
  const asset = selection.find((n) => readAsset(n) !== null && n.parent && canHoldChildren(n.parent));
  if (asset) {
    putAt(node, asset.parent as Parent, centreOf(asset), true);
    return "beside";
  }
  const pageAsset = selection.find((n) => readAsset(n) !== null && n.parent?.type === "PAGE");
  putAt(node, figma.currentPage, pageAsset ? centreOf(pageAsset) : figma.viewport.center, true);
  return pageAsset ? "beside" : "centre";
}

/** The outermost Assetport asset that is `node` or holds it (a drop can name a group inside an icon). */
function enclosingAsset(node: BaseNode): SceneNode | null {
  let found: SceneNode | null = null;
  for (let n: BaseNode | null = node; n && n.type !== "PAGE" && n.type !== "DOCUMENT"; n = n.parent) {
    if (readAsset(n) !== null) found = n as SceneNode;
  }
  return found;
}

/** The centre of a node along an auto-layout axis, on the canvas. */
function centreAlong(node: SceneNode, horizontal: boolean): number {
  const c = centreOf(node);
  return horizontal ? c.x : c.y;
}

/**
 * Where a drop at `point` goes in an auto-layout frame, as when a layer is dragged into one: before
 * the first child in the flow whose centre lies past the pointer along the frame's axis. A wrapping
 * or grid layout is ordered by the same axis (an approximation: Figma also looks at rows there).
 */
function flowIndex(parent: Parent, point: { x: number; y: number }): number {
  const horizontal = "layoutMode" in parent && parent.layoutMode === "HORIZONTAL";
  const at = horizontal ? point.x : point.y;
  const next = parent.children.find(
    (child) =>
      child.visible &&
      !("layoutPositioning" in child && child.layoutPositioning === "ABSOLUTE") &&
      centreAlong(child, horizontal) > at,
  );
  return next ? parent.children.indexOf(next) : parent.children.length;
}

/**
 * A drop: into the frame or group under the pointer when Figma names one (in an auto-layout frame,
 * at the pointer's place in the flow). An inserted asset is a frame too, but never a container for
 * another asset: the new one goes beside it, in its parent (right after it in an auto-layout).
 * `page`: where the point is when no container takes it (the current page unless given).
 */
export function placeAtPoint(
  node: SceneNode,
  point: { x: number; y: number },
  target?: BaseNode | null,
  page: PageNode = figma.currentPage,
): PlacedWhere {
  const asset = target ? enclosingAsset(target) : null;
  if (asset) {
    const parent = asset.parent && canHoldChildren(asset.parent) ? asset.parent : page;
    if (isAutoLayout(parent)) parent.insertChild(parent.children.indexOf(asset) + 1, node);
    else putAt(node, parent, point, true);
    return "beside";
  }
  const parent = target && canHoldChildren(target) ? target : page;
  if (isAutoLayout(parent)) {
    parent.insertChild(flowIndex(parent, point), node);
    return "auto-layout";
  }
  putAt(node, parent, point, false);
  return "point";
}

/** Main components, and component sets (which hold only main components). */
function isMainComponent(node: BaseNode): boolean {
  return node.type === "COMPONENT" || node.type === "COMPONENT_SET";
}

/** Whether removing `node` would delete a main component: it is one, or holds one. */
function holdsMainComponent(node: SceneNode): boolean {
  if (isMainComponent(node)) return true;
  return "children" in node && node.children.some(holdsMainComponent);
}

/**
 * Checks a node can be replaced before anything is made. An instance's parts cannot be removed, so
 * the plugin refuses itself, with its own reason, before Figma would. A main component is never
 * removed: every instance of it in the file would lose its main and stop following it.
 */
export function assertReplaceable(target: SceneNode): void {
  if (!target.parent || insideInstance(target)) {
    fail(
      "instance_locked",
      `"${shortName(target.name)}" is inside a component instance: it cannot be replaced.`,
    );
  }
  if (holdsMainComponent(target)) {
    fail(
      "figma_error",
      `"${shortName(target.name)}" is or holds a main component: replace its instances instead.`,
    );
  }
}

/** The result is selected, brought into view if off screen, and the whole change is one undo step. */
export function finish(nodes: SceneNode[]): void {
  figma.currentPage.selection = nodes;
  const view = figma.viewport.bounds;
  const offScreen = nodes.some((n) => {
    const { x, y } = absolute(n);
    return (
      x + n.width < view.x || x > view.x + view.width || y + n.height < view.y || y > view.y + view.height
    );
  });
  if (offScreen) figma.viewport.scrollAndZoomIntoView(nodes);
  figma.commitUndo();
}
