// The part of the node model every node shares (Figma's BaseNode and the children machinery):
// identity, plugin data, relaunch data, removal and the child list that only containers expose.
// Geometry and paints are the scene nodes' (nodes.ts).
import type { EmuScene } from "./nodes";
import { figmaError, type World } from "./world";

// Figma documents "The total size of your entry (`pluginId`, `key`, `value`) cannot exceed 100 kB"
// but not the unit: counted here in UTF-8 bytes and as 100,000 (the stricter reading), a guess.
const PLUGIN_DATA_MAX = 100_000;
const RELAUNCH_DESCRIPTION_MAX = 1000;

export abstract class EmuNode {
  abstract readonly type: NodeType;
  readonly id: string;
  name = "";
  parent: EmuNode | null = null;
  /** null for leaves (rectangles, vectors): only containers hold children. */
  protected readonly childList: EmuScene[] | null = null;
  private removedFlag = false;
  private readonly pluginData = new Map<string, string>();
  private relaunch: Record<string, string> = {};

  constructor(readonly world: World) {
    this.id = world.nextId();
    world.nodeMade(this);
  }

  get removed(): boolean {
    return this.removedFlag;
  }

  /** True when an ancestor is an instance: the structure is locked to its component. */
  get insideInstance(): boolean {
    for (let p = this.parent; p; p = p.parent) if (p.type === "INSTANCE") return true;
    return false;
  }

  getPluginData(key: string): string {
    return this.pluginData.get(key) ?? "";
  }

  setPluginData(key: string, value: string): void {
    if (typeof value !== "string") throw figmaError("setPluginData", "Expected value to be a string");
    const size = utf8Bytes(this.world.pluginId) + utf8Bytes(key) + utf8Bytes(value);
    // The wording is a guess (Figma's docs give the limit, not the error text).
    if (size > PLUGIN_DATA_MAX) throw figmaError("setPluginData", "Total entry size cannot exceed 100 kB");
    if (value === "") this.pluginData.delete(key);
    else this.pluginData.set(key, value);
  }

  getPluginDataKeys(): string[] {
    return [...this.pluginData.keys()];
  }

  /** A duplicate carries the original's plugin data and relaunch buttons (the emulator's clone()). */
  copyRecordsTo(copy: EmuNode): void {
    for (const [key, value] of this.pluginData) copy.pluginData.set(key, value);
    copy.relaunch = { ...this.relaunch };
  }

  setRelaunchData(data: Record<string, string>): void {
    for (const description of Object.values(data)) {
      if (description.length > RELAUNCH_DESCRIPTION_MAX) {
        throw figmaError("setRelaunchData", "description cannot exceed 1000 characters");
      }
    }
    this.relaunch = { ...data };
  }

  getRelaunchData(): Record<string, string> {
    return { ...this.relaunch };
  }

  remove(): void {
    if (this.insideInstance) throw figmaError("remove", "Cannot remove node. Node is inside of an instance");
    this.parent?.detach(this);
    this.markRemoved();
  }

  /** Out of the document with all it holds (the caller has detached it). */
  markRemoved(): void {
    this.removedFlag = true;
    this.world.nodeRemoved(this);
    for (const child of this.kids()) child.markRemoved();
  }

  // ---- children: the machinery; only container types expose it (see ContainerApi) ----

  protected requireChildren(call: string): EmuScene[] {
    if (!this.childList) throw figmaError(call, `${this.type} cannot have children`);
    return this.childList;
  }

  addChild(index: number, child: EmuScene, call: string): void {
    const list = this.requireChildren(call);
    if (child.removed) throw figmaError(call, "The node (removed) does not exist");
    if (this.type === "INSTANCE" || this.insideInstance) {
      throw figmaError(call, "Cannot move node. New parent is an instance or is inside of an instance");
    }
    if (child.insideInstance) throw figmaError(call, "Cannot move node. Node is inside of an instance");
    for (let p: EmuNode | null = this; p; p = p.parent) {
      if (p === child) throw figmaError(call, "Cannot move node. Reparenting would create a cycle");
    }
    const oldParent = child.parent;
    if (oldParent) oldParent.detach(child, oldParent === this);
    list.splice(Math.max(0, Math.min(index, list.length)), 0, child);
    child.parent = this;
    this.childrenChanged();
    if (oldParent && oldParent !== this) oldParent.childrenChanged();
  }

  /** Takes a child out; `quiet` defers the parent's relayout (the caller re-inserts it). */
  detach(child: EmuNode, quiet = false): void {
    const list = this.childList ?? [];
    const at = list.indexOf(child as EmuScene); // only layers are in the list: anything else is -1
    if (at >= 0) list.splice(at, 1);
    child.parent = null;
    if (!quiet) this.childrenChanged();
  }

  /** Auto-layout frames and groups recompute their geometry when children change. */
  childrenChanged(): void {}

  /** The live child list (empty for leaves), for the emulator's own walks. */
  kids(): readonly EmuScene[] {
    return this.childList ?? [];
  }

  searchAll(callback?: (node: EmuScene) => boolean): EmuScene[] {
    const out: EmuScene[] = [];
    for (const child of this.requireChildren("findAll")) {
      if (!callback || callback(child)) out.push(child);
      if (child.childList) out.push(...child.searchAll(callback));
    }
    return out;
  }

  toString(): string {
    return `[Node ${this.id}]`;
  }
}

function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, "utf8");
}
