// Pages (each with its own selection) and the document that holds them. With documentAccess
// "dynamic-page" a page's content is loaded on demand: its container members refuse to run until
// `loadAsync()` (the typings say so for children, appendChild, insertChild and the find methods).
import { EmuNode, EmuScene } from "./nodes";
import type { EmulatedDocument, EmulatedPage } from "./used-api";
import { figmaError, type World } from "./world";

// Figma's words when a page's selection is refused: the three "possible error cases" its PageNode
// selection page documents (developers.figma.com/docs/plugins/api/properties/PageNode-selection).
export const SELECTION_DOCUMENT = "Cannot select the document node";
export const SELECTION_PAGE = "Cannot select the page node";
export const SELECTION_OTHER_PAGE = "The selection of a page can only include nodes in that page";
/** A guess: the docs list no case for a removed node or a value that is not a node. */
const SELECTION_NOT_A_NODE = "Cannot select a node that does not exist";

export class EmuPage extends EmuNode implements EmulatedPage {
  readonly type = "PAGE";
  protected override readonly childList: EmuScene[] = [];
  private selected: EmuScene[] = [];
  loaded = false;
  /** The mode chosen on this page per variable collection (none: each collection's default). */
  explicitVariableModes: { [collectionId: string]: string } = {};

  constructor(world: World, name: string) {
    super(world);
    this.name = name;
  }

  /**
   * The typings: with dynamic-page, a page's children and child methods need `loadAsync()` first.
   * The wording is a guess (Figma's text is not documented). Nodes on an unloaded page that
   * getNodeByIdAsync returned stay readable and writable: the typings restrict PageNode alone.
   */
  private requireLoaded(call: string): void {
    if (this.world.dynamicPage && !this.loaded) {
      throw figmaError(call, `Page "${this.name}" is not loaded. Call \`await page.loadAsync()\` first.`);
    }
  }

  get children(): readonly EmuScene[] {
    this.requireLoaded("get_children");
    return Object.freeze([...this.kids()]);
  }
  appendChild(child: EmuScene): void {
    this.requireLoaded("appendChild");
    this.addChild(this.kids().length, child, "appendChild");
  }
  insertChild(index: number, child: EmuScene): void {
    this.requireLoaded("insertChild");
    this.addChild(index, child, "insertChild");
  }
  findAll(callback?: (node: EmuScene) => boolean): EmuScene[] {
    this.requireLoaded("findAll");
    return this.searchAll(callback);
  }
  findOne(callback: (node: EmuScene) => boolean): EmuScene | null {
    this.requireLoaded("findOne");
    return this.searchAll(callback)[0] ?? null;
  }
  /**
   * Figma's FindAllCriteria: at least one criterion, and a node must meet every one given. `types`:
   * one of the node types; `pluginData`: this plugin's data, under any of `keys` when keys are given
   * (an empty value is no data: setPluginData with "" deletes the entry). Shared plugin data is not
   * emulated: asking for it throws rather than answer wrongly.
   */
  findAllWithCriteria<T extends NodeType[]>(criteria: FindAllCriteria<T>): EmuScene[] {
    this.requireLoaded("findAllWithCriteria");
    const { types, pluginData } = criteria;
    if (criteria.sharedPluginData) throw new Error("emulator: sharedPluginData criteria are not emulated");
    if (!types && !pluginData) {
      throw figmaError("findAllWithCriteria", "At least one search criteria must be specified");
    }
    return this.searchAll((node) => {
      if (types && !(types as string[]).includes(node.type)) return false;
      if (!pluginData) return true;
      const keys = node.getPluginDataKeys();
      return pluginData.keys ? pluginData.keys.some((k) => keys.includes(k)) : keys.length > 0;
    });
  }

  get selection(): readonly EmuScene[] {
    this.selected = this.selected.filter((n) => !n.removed && pageOf(n) === this);
    return Object.freeze([...this.selected]);
  }
  set selection(nodes: readonly EmuScene[]) {
    for (const node of nodes as readonly EmuNode[]) {
      if (node instanceof EmuDocument) throw figmaError("set_selection", SELECTION_DOCUMENT);
      if (node instanceof EmuPage) throw figmaError("set_selection", SELECTION_PAGE);
      if (!(node instanceof EmuScene) || node.removed) {
        throw figmaError("set_selection", SELECTION_NOT_A_NODE);
      }
      if (pageOf(node) !== this) throw figmaError("set_selection", SELECTION_OTHER_PAGE);
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
