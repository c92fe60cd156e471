// Sections: containers with their own coordinate space, which hold no constraints for their children.
import { withChildren } from "./containers";
import { EmuScene } from "./nodes";
import type { EmulatedSection } from "./used-api";
import type { World } from "./world";

/** A section: a container with its own coordinate space; resizing it leaves its children alone. */
export class EmuSection extends EmuScene implements EmulatedSection {
  // Container members live on ContainerApi and are copied onto this class (see withChildren).
  declare readonly children: readonly EmuScene[];
  declare appendChild: (child: EmuScene) => void;
  declare insertChild: (index: number, child: EmuScene) => void;
  declare findAll: (callback?: (node: EmuScene) => boolean) => EmuScene[];
  declare findOne: (callback: (node: EmuScene) => boolean) => EmuScene | null;
  readonly type = "SECTION";
  protected override readonly childList: EmuScene[] = [];
  constructor(world: World) {
    super(world);
    this.name = "Section";
  }
}

withChildren(EmuSection);
