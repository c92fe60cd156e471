// The concrete node types the plugin meets: shapes, vectors (from SVG), frames with auto-layout,
// groups that wrap their children, components and their locked instances.
import { withChildren } from "./containers";
import { type EmuNode, EmuScene } from "./nodes";
import type {
  EmulatedComponent,
  EmulatedEllipse,
  EmulatedFrame,
  EmulatedGroup,
  EmulatedInstance,
  EmulatedRectangle,
  EmulatedVector,
} from "./used-api";
import { dynamicPageError, figmaError, type World } from "./world";

/** The SVG an imported vector came from, kept so exports can render it. */
export interface SvgSource {
  /** The element as fast-xml-parser's ordered tree (one `{tag: children, ":@": attrs}` entry). */
  element: Record<string, unknown>;
  viewBox: [number, number, number, number];
  /** The SVG's <defs> (gradients, clip paths), serialized. */
  defs: string;
}

export class EmuRectangle extends EmuScene implements EmulatedRectangle {
  readonly type = "RECTANGLE";
  cornerRadius = 0;
  constructor(world: World) {
    super(world);
    this.name = "Rectangle";
  }
}

export class EmuEllipse extends EmuScene implements EmulatedEllipse {
  readonly type = "ELLIPSE";
  constructor(world: World) {
    super(world);
    this.name = "Ellipse";
  }
}

export class EmuVector extends EmuScene implements EmulatedVector {
  readonly type = "VECTOR";
  svg: SvgSource | null = null;
  constructor(world: World) {
    super(world);
    this.name = "Vector";
  }
}

type LayoutMode = "NONE" | "HORIZONTAL" | "VERTICAL";

export class EmuFrame extends EmuScene implements EmulatedFrame {
  // Container members live on ContainerApi and are copied onto this class (see withChildren).
  declare readonly children: readonly EmuScene[];
  declare appendChild: (child: EmuScene) => void;
  declare insertChild: (index: number, child: EmuScene) => void;
  declare findAll: (callback?: (node: EmuScene) => boolean) => EmuScene[];
  declare findOne: (callback: (node: EmuScene) => boolean) => EmuScene | null;
  readonly type: "FRAME" | "COMPONENT" | "INSTANCE" = "FRAME";
  protected override readonly childList: EmuScene[] = [];
  clipsContent = true;
  /** Set when the frame came from createNodeFromSvg: children render in this viewBox. */
  svgViewBox: [number, number, number, number] | null = null;
  svgDefs = "";
  private mode: LayoutMode = "NONE";
  itemSpacing = 0;
  paddingLeft = 0;
  paddingRight = 0;
  paddingTop = 0;
  paddingBottom = 0;
  primaryAxisSizingMode: "FIXED" | "AUTO" = "AUTO";
  counterAxisSizingMode: "FIXED" | "AUTO" = "FIXED";
  private laying = false;

  constructor(world: World) {
    super(world);
    this.name = "Frame";
  }

  get layoutMode(): LayoutMode {
    return this.mode;
  }
  set layoutMode(mode: LayoutMode) {
    this.mode = mode;
    this.childrenChanged();
  }

  /** Figma's resize applies each child's constraints (resizeWithoutConstraints would not). */
  override resize(width: number, height: number): void {
    const [oldW, oldH] = [this.width, this.height];
    super.resize(width, height);
    if (this.mode !== "NONE") return;
    for (const child of this.childList) {
      const [x, w] = constrain(child.constraints?.horizontal ?? "MIN", child.x, child.width, oldW, width);
      const [y, h] = constrain(child.constraints?.vertical ?? "MIN", child.y, child.height, oldH, height);
      if (w !== child.width || h !== child.height) child.resize(Math.max(w, 0.01), Math.max(h, 0.01));
      child.placeAt(x, y);
    }
  }

  /** Auto-layout: children follow each other along the axis in list order; the frame hugs them. */
  override childrenChanged(): void {
    if (this.mode === "NONE" || this.laying) return;
    this.laying = true;
    try {
      const horizontal = this.mode === "HORIZONTAL";
      let cursor = horizontal ? this.paddingLeft : this.paddingTop;
      let cross = 0;
      for (const child of this.childList) {
        if (!child.visible || child.layoutPositioning === "ABSOLUTE") continue;
        child.placeAt(horizontal ? cursor : this.paddingLeft, horizontal ? this.paddingTop : cursor);
        cursor += (horizontal ? child.width : child.height) + this.itemSpacing;
        cross = Math.max(cross, horizontal ? child.height : child.width);
      }
      const used = this.childList.length > 0 ? cursor - this.itemSpacing : cursor;
      const main = used + (horizontal ? this.paddingRight : this.paddingBottom);
      const counter =
        cross + (horizontal ? this.paddingTop + this.paddingBottom : this.paddingLeft + this.paddingRight);
      let [w, h] = [this.width, this.height];
      if (this.primaryAxisSizingMode === "AUTO") [w, h] = horizontal ? [main, h] : [w, main];
      if (this.counterAxisSizingMode === "AUTO") [w, h] = horizontal ? [w, counter] : [counter, h];
      if (w !== this.width || h !== this.height) this.resize(Math.max(w, 0.01), Math.max(h, 0.01));
    } finally {
      this.laying = false;
    }
  }
}

/** One axis of a constraint: where a child lands and how long it is after its parent resizes. */
function constrain(
  kind: ConstraintType,
  pos: number,
  size: number,
  oldSpan: number,
  newSpan: number,
): [number, number] {
  const delta = newSpan - oldSpan;
  const scale = newSpan / oldSpan;
  switch (kind) {
    case "MAX":
      return [pos + delta, size];
    case "CENTER":
      return [pos + delta / 2, size];
    case "STRETCH":
      return [pos, size + delta];
    case "SCALE":
      return [pos * scale, size * scale];
    default:
      return [pos, size];
  }
}

withChildren(EmuFrame);

export class EmuComponent extends EmuFrame implements EmulatedComponent {
  override readonly type = "COMPONENT";
  constructor(world: World) {
    super(world);
    this.name = "Component";
  }

  /** As Figma does, the new instance is parented under the current page. */
  createInstance(): EmuInstance {
    const instance = this.buildInstance();
    this.world.appendToCurrentPage(instance);
    return instance;
  }

  /** An instance with no parent yet, for an instance nested in a copied tree. */
  buildInstance(): EmuInstance {
    const instance = new EmuInstance(this.world, this);
    instance.resize(this.width, this.height);
    instance.fills = this.fills;
    for (const child of this.children) instance.adopt(cloneScene(child));
    return instance;
  }
}

export class EmuInstance extends EmuFrame implements EmulatedInstance {
  override readonly type = "INSTANCE";
  constructor(
    world: World,
    private main: EmuComponent,
  ) {
    super(world);
    this.name = main.name;
  }

  /**
   * Figma's instance swap, allowed on a nested instance too (the typings: setting mainComponent "on
   * nested instances ... performs nested instance swapping"). The new children are the component's;
   * the instance takes the component's size (a guess: Figma keeps some overrides by heuristics it
   * does not document, so the plugin must not count on the old size surviving).
   */
  swapComponent(component: EmuComponent): void {
    if (!(component instanceof EmuComponent) || component.removed) {
      throw figmaError("swapComponent", "Expected a component node"); // the wording is a guess
    }
    for (let p: EmuNode | null = this; p; p = p.parent) {
      if (p === component) throw figmaError("swapComponent", "Cannot swap to a component that holds it");
    }
    for (const child of [...this.childList]) {
      this.detach(child, true);
      child.markRemoved();
    }
    this.main = component;
    this.name = component.name;
    this.fills = component.fills;
    for (const child of component.children) this.adopt(cloneScene(child));
    // The box alone: the new children are already laid out for the component's size.
    this.setBox(this.x, this.y, component.width, component.height);
  }

  /** Only the component can give an instance its children. */
  adopt(child: EmuScene): void {
    this.childList.push(child);
    child.parent = this;
  }

  get mainComponent(): EmuComponent {
    if (this.world.dynamicPage) throw dynamicPageError("mainComponent", "node.getMainComponentAsync");
    return this.main;
  }

  /** The emulator's own access, free of the dynamic-page rule. */
  component(): EmuComponent {
    return this.main;
  }

  async getMainComponentAsync(): Promise<EmuComponent> {
    return this.main;
  }
}

/** A group has no geometry of its own: it wraps its children and disappears when emptied. */
export class EmuGroup extends EmuScene implements EmulatedGroup {
  // Container members live on ContainerApi and are copied onto this class (see withChildren).
  declare readonly children: readonly EmuScene[];
  declare appendChild: (child: EmuScene) => void;
  declare insertChild: (index: number, child: EmuScene) => void;
  declare findAll: (callback?: (node: EmuScene) => boolean) => EmuScene[];
  declare findOne: (callback: (node: EmuScene) => boolean) => EmuScene | null;
  readonly type = "GROUP";
  protected override readonly childList: EmuScene[] = [];
  constructor(world: World) {
    super(world);
    this.name = "Group";
  }

  override childrenChanged(): void {
    if (this.childList.length === 0) {
      if (!this.removed && this.parent) this.remove();
      return;
    }
    const xs = this.childList.map((c) => c.x);
    const ys = this.childList.map((c) => c.y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    const right = Math.max(...this.childList.map((c) => c.x + c.width));
    const bottom = Math.max(...this.childList.map((c) => c.y + c.height));
    this.setBox(x, y, right - x, bottom - y);
  }

  override placeAt(x: number, y: number): void {
    const [dx, dy] = [x - this.x, y - this.y];
    for (const child of this.childList) child.placeAt(child.x + dx, child.y + dy);
    super.placeAt(x, y);
  }

  override get x(): number {
    return super.x;
  }
  override set x(value: number) {
    const dx = value - this.x;
    for (const child of this.childList) child.placeAt(child.x + dx, child.y);
    this.childrenChanged();
  }
  override get y(): number {
    return super.y;
  }
  override set y(value: number) {
    const dy = value - this.y;
    for (const child of this.childList) child.placeAt(child.x, child.y + dy);
    this.childrenChanged();
  }

  override resize(width: number, height: number): void {
    const sx = width / this.width;
    const sy = height / this.height;
    for (const child of this.childList) {
      child.placeAt(this.x + (child.x - this.x) * sx, this.y + (child.y - this.y) * sy);
      child.resize(child.width * sx, child.height * sy);
    }
    this.childrenChanged();
  }
}

withChildren(EmuGroup);

/** A deep copy with fresh ids (instances are built from these). */
export function cloneScene(node: EmuScene): EmuScene {
  const Ctor = node.constructor as new (world: World) => EmuScene;
  const copy = node instanceof EmuInstance ? node.component().buildInstance() : new Ctor(node.world);
  copy.name = node.name;
  copy.resize(node.width, node.height);
  copy.placeAt(node.x, node.y);
  copy.visible = node.visible;
  copy.opacity = node.opacity;
  copy.fills = node.fills;
  copy.strokes = node.strokes;
  copy.strokeWeight = node.strokeWeight;
  copy.constraints = node.constraints;
  if (node instanceof EmuRectangle && copy instanceof EmuRectangle) copy.cornerRadius = node.cornerRadius;
  if (node instanceof EmuVector && copy instanceof EmuVector) copy.svg = node.svg;
  if (node instanceof EmuFrame && copy instanceof EmuFrame) {
    copy.svgViewBox = node.svgViewBox;
    copy.svgDefs = node.svgDefs;
  }
  if (!(node instanceof EmuInstance) && (node instanceof EmuFrame || node instanceof EmuGroup)) {
    for (const child of node.children) (copy as EmuFrame).appendChild(cloneScene(child));
  }
  return copy;
}

/** Each node's plugin data and relaunch buttons onto its copy, children in the same order. */
function copyRecords(from: EmuScene, to: EmuScene): void {
  from.copyRecordsTo(to);
  const fromKids = "children" in from ? (from.children as readonly EmuScene[]) : [];
  const toKids = "children" in to ? (to.children as readonly EmuScene[]) : [];
  fromKids.forEach((child, i) => {
    if (toKids[i]) copyRecords(child, toKids[i]);
  });
}

/**
 * Figma's clone(): a duplicate with fresh ids, parented under the current page ("By default, the
 * duplicate will be parented under figma.currentPage"), its plugin data and relaunch buttons with it.
 */
EmuScene.prototype.clone = function clone<T extends EmuScene>(this: T): T {
  const copy = cloneScene(this) as T;
  copyRecords(this, copy);
  this.world.appendToCurrentPage(copy);
  return copy;
};
