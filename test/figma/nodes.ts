// The node model: identity, plugin data and relaunch data (every node, base-node.ts), children
// (containers), and geometry and paints (scene nodes, here). Coordinates are Figma's: x/y relative to
// the nearest frame-like ancestor; groups do not start a coordinate space.
import { EmuNode } from "./base-node";
import { freezePaints } from "./paint";
import { dynamicPageError, figmaError } from "./world";

// Every importer finds the whole model here.
export { EmuNode };

const DEFAULT_CONSTRAINTS: Constraints = { horizontal: "MIN", vertical: "MIN" };

/** A node on the canvas: position, size, paints, export. */
export abstract class EmuScene extends EmuNode {
  protected px = 0;
  protected py = 0;
  protected w = 100;
  protected h = 100;
  private shown = true;
  locked = false;
  private positioning: "AUTO" | "ABSOLUTE" = "AUTO";
  opacity = 1;
  private fillList: readonly Paint[] = freezePaints([]);
  private strokeList: readonly Paint[] = freezePaints([]);
  private fillStyle = "";
  private strokeStyle = "";
  strokeWeight = 1;
  private constraintValue: Constraints = DEFAULT_CONSTRAINTS;
  /** Figma's clone(), defined in node-types.ts beside the deep copy it makes. */
  declare clone: () => this;

  /** Hiding or showing a child of an auto-layout frame reflows its siblings, as in Figma. */
  get visible(): boolean {
    return this.shown;
  }
  set visible(value: boolean) {
    this.shown = !!value;
    this.geometryChanged();
  }

  get x(): number {
    return this.px;
  }
  set x(value: number) {
    this.refuseMoveInsideInstance("x");
    this.px = finite("x", value);
    this.geometryChanged();
  }
  get y(): number {
    return this.py;
  }
  set y(value: number) {
    this.refuseMoveInsideInstance("y");
    this.py = finite("y", value);
    this.geometryChanged();
  }

  /**
   * A layer inside an instance keeps its component's position: Figma's editor offers no position
   * override there. The typings and docs do not say what the API does; refusing is the stricter
   * reading, and the wording is a guess (the plugin must not depend on it).
   */
  private refuseMoveInsideInstance(property: "x" | "y"): void {
    if (this.insideInstance) throw figmaError(`set_${property}`, "Cannot move a node inside of an instance");
  }
  get width(): number {
    return this.w;
  }
  get height(): number {
    return this.h;
  }

  /** ABSOLUTE children of an auto-layout frame keep their own x/y. */
  get layoutPositioning(): "AUTO" | "ABSOLUTE" {
    return this.positioning;
  }
  set layoutPositioning(value: "AUTO" | "ABSOLUTE") {
    const parent = this.parent as { layoutMode?: string } | null;
    if (value === "ABSOLUTE" && (!parent?.layoutMode || parent.layoutMode === "NONE")) {
      throw figmaError(
        "set_layoutPositioning",
        "Can only set layoutPositioning = ABSOLUTE if the parent node has layoutMode !== NONE",
      );
    }
    this.positioning = value;
    this.geometryChanged();
  }

  get fills(): readonly Paint[] {
    return this.fillList;
  }
  set fills(paints: readonly Paint[]) {
    this.fillList = this.checkedPaints("fills", paints);
    this.fillStyle = ""; // paints set by hand detach the style, as in Figma
  }
  get strokes(): readonly Paint[] {
    return this.strokeList;
  }
  set strokes(paints: readonly Paint[]) {
    this.strokeList = this.checkedPaints("strokes", paints);
    this.strokeStyle = "";
  }

  /** Under dynamic-page the style ids are read-only: setFillStyleIdAsync / setStrokeStyleIdAsync set them. */
  get fillStyleId(): string {
    return this.fillStyle;
  }
  set fillStyleId(id: string) {
    if (this.world.dynamicPage) throw dynamicPageError("set_fillStyleId", "node.setFillStyleIdAsync");
    this.fillStyle = id;
  }
  get strokeStyleId(): string {
    return this.strokeStyle;
  }
  set strokeStyleId(id: string) {
    if (this.world.dynamicPage) throw dynamicPageError("set_strokeStyleId", "node.setStrokeStyleIdAsync");
    this.strokeStyle = id;
  }
  async setFillStyleIdAsync(styleId: string): Promise<void> {
    this.fillList = this.styledPaints("setFillStyleIdAsync", styleId) ?? this.fillList;
    this.fillStyle = styleId;
  }
  async setStrokeStyleIdAsync(styleId: string): Promise<void> {
    this.strokeList = this.styledPaints("setStrokeStyleIdAsync", styleId) ?? this.strokeList;
    this.strokeStyle = styleId;
  }

  /** The paints a style gives ("" removes the style and keeps the paints). Unknown id: a guessed error. */
  private styledPaints(call: string, styleId: string): readonly Paint[] | null {
    if (styleId === "") return null;
    const style = this.world.design.style(styleId);
    if (!style) throw figmaError(call, `Style with id "${styleId}" not found`);
    return freezePaints(this.world.design.resolvePaints(style.paints));
  }

  get constraints(): Constraints {
    return { ...this.constraintValue };
  }
  set constraints(value: Constraints) {
    this.constraintValue = { horizontal: value.horizontal, vertical: value.vertical };
  }

  private checkedPaints(property: string, paints: readonly Paint[]): readonly Paint[] {
    if (!Array.isArray(paints)) throw figmaError(`set_${property}`, "Expected an array of paints");
    for (const paint of paints) {
      if (paint.type === "IMAGE" && (!paint.imageHash || !this.world.hasImage(paint.imageHash))) {
        throw figmaError(`set_${property}`, "Image with this hash does not exist");
      }
    }
    return freezePaints(this.world.design.resolvePaints(paints));
  }

  resize(width: number, height: number): void {
    if (!(width >= 0.01) || !(height >= 0.01)) throw figmaError("resize", "Width and height must be >= 0.01");
    this.w = width;
    this.h = height;
    this.geometryChanged();
  }

  /**
   * The Scale tool: the node and everything in it grow together (strokes too), its top-left fixed.
   * Constraints play no part, unlike resize.
   */
  rescale(scale: number): void {
    // Documented: "The scale factor must be >= 0.01". The error's wording is a guess.
    if (!(scale >= 0.01)) throw figmaError("rescale", "Scale must be >= 0.01");
    this.scaleContent(scale, this.type === "GROUP" ? this.px : 0, this.type === "GROUP" ? this.py : 0);
    this.geometryChanged();
  }

  /**
   * Scales size, strokes and descendants. (ox, oy) is the fixed point in the space this node's children
   * measure from: a group's children share its parent's space, a frame's children measure from the frame.
   * Bounds scale linearly about that point, so a group's box stays consistent without recomputing it.
   */
  private scaleContent(scale: number, ox: number, oy: number): void {
    this.strokeWeight *= scale;
    this.w *= scale;
    this.h *= scale;
    for (const child of this.childList ?? []) {
      child.px = ox + (child.px - ox) * scale;
      child.py = oy + (child.py - oy) * scale;
      if (child.type === "GROUP") child.scaleContent(scale, ox, oy);
      else child.scaleContent(scale, 0, 0);
    }
  }

  /** Moves without notifying the parent: for parents that lay out or wrap their children. */
  placeAt(x: number, y: number): void {
    this.px = x;
    this.py = y;
  }

  /** Sets the whole box at once (groups wrapping their children). */
  protected setBox(x: number, y: number, width: number, height: number): void {
    if (x === this.px && y === this.py && width === this.w && height === this.h) return;
    [this.px, this.py, this.w, this.h] = [x, y, Math.max(width, 0.01), Math.max(height, 0.01)];
    this.geometryChanged();
  }

  /** A parent that lays out or wraps its children hears about every move and resize. */
  protected geometryChanged(): void {
    this.parent?.childrenChanged();
  }

  /** Origin of this node's own coordinate space on the canvas (groups share their parent's). */
  get absoluteX(): number {
    return this.px + originOf(this.parent).x;
  }
  get absoluteY(): number {
    return this.py + originOf(this.parent).y;
  }

  get absoluteTransform(): Transform {
    return [
      [1, 0, this.absoluteX],
      [0, 1, this.absoluteY],
    ];
  }

  get absoluteBoundingBox(): Rect {
    return { x: this.absoluteX, y: this.absoluteY, width: this.w, height: this.h };
  }

  exportAsync(settings?: ExportSettings): Promise<Uint8Array>;
  exportAsync(settings: ExportSettingsSVGString): Promise<string>;
  exportAsync(settings: ExportSettingsREST): Promise<object>;
  exportAsync(settings: ExportSettingsMP4 | ExportSettingsGIF | ExportSettingsWEBM): Promise<Uint8Array>;
  exportAsync(
    settings?:
      | ExportSettings
      | ExportSettingsSVGString
      | ExportSettingsREST
      | ExportSettingsMP4
      | ExportSettingsGIF
      | ExportSettingsWEBM,
  ): Promise<unknown> {
    const format = settings?.format;
    if (format === "JSON_REST_V1" || format === "MP4" || format === "GIF" || format === "WEBM") {
      return Promise.reject(figmaError("exportAsync", `${format} export is not emulated`));
    }
    return this.world.exportNode(this, settings);
  }
}

/** Where a parent's children measure x/y from, in canvas coordinates. */
function originOf(parent: EmuNode | null): { x: number; y: number } {
  if (!parent || !(parent instanceof EmuScene)) return { x: 0, y: 0 };
  if (parent.type === "GROUP") return originOf(parent.parent);
  return { x: parent.absoluteX, y: parent.absoluteY };
}

function finite(property: string, value: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    throw figmaError(`set_${property}`, `Expected "${property}" to be a finite number`);
  }
  return value;
}
