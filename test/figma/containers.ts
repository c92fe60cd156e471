// The members only container nodes have. In Figma a leaf has no `children` at all, so
// `"children" in node` must be false for it: these are copied onto container classes alone.
import type { EmuNode, EmuScene } from "./nodes";

/**
 * What container nodes (frames, groups, pages) expose. Leaves have no `children` at all in Figma, so
 * `"children" in node` must be false for them: these members are copied onto container classes only.
 */
export class ContainerApi {
  // Never instantiated: its members run on an EmuNode, whose machinery these declare (types only).
  declare readonly kids: EmuNode["kids"];
  declare readonly addChild: EmuNode["addChild"];
  declare readonly searchAll: EmuNode["searchAll"];

  get children(): readonly EmuScene[] {
    return Object.freeze([...this.kids()]);
  }
  appendChild(child: EmuScene): void {
    this.addChild(this.kids().length, child, "appendChild");
  }
  insertChild(index: number, child: EmuScene): void {
    this.addChild(index, child, "insertChild");
  }
  findAll(callback?: (node: EmuScene) => boolean): EmuScene[] {
    return this.searchAll(callback);
  }
  findOne(callback: (node: EmuScene) => boolean): EmuScene | null {
    return this.findAll(callback)[0] ?? null;
  }
}

export function withChildren(target: abstract new (...args: never[]) => EmuNode): void {
  for (const key of ["children", "appendChild", "insertChild", "findAll", "findOne"]) {
    if (Object.hasOwn(target.prototype, key)) continue;
    Object.defineProperty(
      target.prototype,
      key,
      Object.getOwnPropertyDescriptor(ContainerApi.prototype, key)!,
    );
  }
}
