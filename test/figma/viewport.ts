// figma.viewport: a canvas area of fixed screen size looking at `center` at `zoom`.
import { type EmuNode, EmuScene } from "./nodes";
import type { EmulatedViewport } from "./used-api";

export class Viewport implements EmulatedViewport {
  center = { x: 0, y: 0 };
  private z = 1;
  /** The canvas area on screen, in px (the plugin window floats over its top-left part). */
  constructor(
    readonly screenWidth = 1440,
    readonly screenHeight = 900,
  ) {}

  get zoom(): number {
    return this.z;
  }
  set zoom(value: number) {
    if (!(value > 0)) throw new Error("in set_zoom: zoom must be positive");
    this.z = value;
  }

  get bounds(): Rect {
    const width = this.screenWidth / this.z;
    const height = this.screenHeight / this.z;
    return { x: this.center.x - width / 2, y: this.center.y - height / 2, width, height };
  }

  /** Centres on the nodes and zooms out (never in past 100%) until they fit. */
  scrollAndZoomIntoView(nodes: readonly EmuNode[]): void {
    const live = nodes.filter((n): n is EmuScene => n instanceof EmuScene && !n.removed);
    if (live.length === 0) return;
    const left = Math.min(...live.map((n) => n.absoluteX));
    const top = Math.min(...live.map((n) => n.absoluteY));
    const right = Math.max(...live.map((n) => n.absoluteX + n.width));
    const bottom = Math.max(...live.map((n) => n.absoluteY + n.height));
    this.center = { x: (left + right) / 2, y: (top + bottom) / 2 };
    const fit =
      Math.min(this.screenWidth / (right - left || 1), this.screenHeight / (bottom - top || 1)) * 0.9;
    this.z = Math.min(1, fit);
  }

  /** Canvas point under a screen point of the canvas area. */
  toCanvas(screenX: number, screenY: number): { x: number; y: number } {
    const b = this.bounds;
    return { x: b.x + screenX / this.z, y: b.y + screenY / this.z };
  }

  /** True when the node's box is at least partly on screen. */
  shows(node: EmuScene): boolean {
    const b = this.bounds;
    return (
      node.absoluteX < b.x + b.width &&
      node.absoluteX + node.width > b.x &&
      node.absoluteY < b.y + b.height &&
      node.absoluteY + node.height > b.y
    );
  }
}
