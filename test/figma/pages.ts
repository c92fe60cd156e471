// Pages (each with its own selection) and the document that holds them.
import { withChildren } from "./containers";
import { EmuNode, EmuScene } from "./nodes";
import type { EmulatedDocument, EmulatedPage } from "./used-api";
import { figmaError, type World } from "./world";

export class EmuPage extends EmuNode implements EmulatedPage {
  // Container members live on ContainerApi and are copied onto this class (see withChildren).
  declare readonly children: readonly EmuScene[];
  declare appendChild: (child: EmuScene) => void;
  declare insertChild: (index: number, child: EmuScene) => void;
  declare findAll: (callback?: (node: EmuScene) => boolean) => EmuScene[];
  declare findOne: (callback: (node: EmuScene) => boolean) => EmuScene | null;
  readonly type = "PAGE";
  protected override readonly childList: EmuScene[] = [];
  private selected: EmuScene[] = [];
  loaded = false;

  constructor(world: World, name: string) {
    super(world);
    this.name = name;
  }

  get selection(): readonly EmuScene[] {
    this.selected = this.selected.filter((n) => !n.removed && pageOf(n) === this);
    return Object.freeze([...this.selected]);
  }
  set selection(nodes: readonly EmuScene[]) {
    for (const node of nodes) {
      if (!(node instanceof EmuScene) || node.removed || pageOf(node) !== this) {
        throw figmaError("set_selection", `Node ${String(node?.id)} is not on this page`);
      }
    }
    this.selected = [...new Set(nodes)];
    this.world.selectionChanged(this);
  }

  /** Called when a node leaves the document. */
  forget(node: EmuNode): boolean {
    const before = this.selected.length;
    this.selected = this.selected.filter((n) => n !== node);
    return this.selected.length !== before;
  }

  async loadAsync(): Promise<void> {
    this.loaded = true;
  }
}

withChildren(EmuPage);

export class EmuDocument extends EmuNode implements EmulatedDocument {
  readonly type = "DOCUMENT";
  protected override readonly childList: EmuScene[] = [];
  readonly pages: EmuPage[] = [];
  constructor(world: World) {
    super(world);
    this.name = "Document";
  }

  get children(): readonly EmuPage[] {
    return Object.freeze([...this.pages]);
  }

  findAll(callback?: (node: EmuScene) => boolean): EmuScene[] {
    if (this.world.dynamicPage && !this.world.allPagesLoaded) {
      throw figmaError(
        "findAll",
        "Cannot call with documentAccess: dynamic-page. Call figma.loadAllPagesAsync first.",
      );
    }
    return this.pages.flatMap((page) => page.findAll(callback));
  }
}

export function pageOf(node: EmuNode): EmuPage | null {
  let p: EmuNode | null = node;
  while (p && !(p instanceof EmuPage)) p = p.parent;
  return p;
}
