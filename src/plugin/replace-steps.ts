// The steps of a Replace, ordered so a failure never costs the designer a layer: all fallible work
// (drawing, fitting, stroke width) is done on the new nodes while every target is untouched; the new
// nodes are then put beside their targets and instances swapped, both of which can be undone; only
// then are the old layers removed, the one step that cannot be undone.
import { setStrokeWidth } from "./paints";
import { type Parent, rescaleBy } from "./placement";

export type NewNode = FrameNode | RectangleNode | InstanceNode;

/** Fits the new node to the target's box (aspect kept) before it goes anywhere near the target. */
export function fitInto(target: SceneNode, node: NewNode, strokeWidth: number | null): void {
  rescaleBy(node, Math.min(target.width / node.width, target.height / node.height));
  // Fitting scaled the strokes: the width asked for (or the replaced icon's) is absolute.
  if (strokeWidth && node.type !== "INSTANCE") setStrokeWidth(node, strokeWidth);
}

/** Puts the fitted node just above `target`, centred on its box, with its constraints. */
export function placeOver(target: SceneNode, node: NewNode): void {
  const parent = target.parent as Parent;
  parent.insertChild(parent.children.indexOf(target) + 1, node);
  node.x = target.x + (target.width - node.width) / 2;
  node.y = target.y + (target.height - node.height) / 2;
  if ("constraints" in target && "constraints" in node) node.constraints = target.constraints;
}

/** What a swap changes on an instance, read before it, so a failed batch can swap it back. */
export interface SwapBefore {
  target: InstanceNode;
  main: ComponentNode | null;
  box: { x: number; y: number; width: number; height: number };
  asset: string;
  relaunch: { [command: string]: string };
}

export async function beforeSwap(target: InstanceNode): Promise<SwapBefore> {
  const { x, y, width, height } = target;
  return {
    target,
    main: await target.getMainComponentAsync(),
    box: { x, y, width, height },
    asset: target.getPluginData("asset"),
    relaunch: target.getRelaunchData(),
  };
}

/**
 * Swaps an instance back as it was. Best effort, each part on its own: this runs while another
 * error is already on its way to the designer, and must not replace it.
 */
export function undoSwap(before: SwapBefore, inside: boolean): void {
  const { target, main, box } = before;
  const attempt = (step: () => void) => {
    try {
      step();
    } catch {
      // left as it is: the first error is the one reported
    }
  };
  if (main) attempt(() => target.swapComponent(main));
  attempt(() => {
    if (target.width !== box.width || target.height !== box.height) target.resize(box.width, box.height);
  });
  if (!inside)
    attempt(() => {
      target.x = box.x;
      target.y = box.y;
    });
  attempt(() => target.setPluginData("asset", before.asset));
  attempt(() => target.setRelaunchData(before.relaunch));
}
