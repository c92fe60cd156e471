// What every emulated node shares with the emulated editor: ids, the image store, the plugin's
// identity, the document-access mode, and the hooks that keep selection and export in step.
import type { EmuNode } from "./nodes";
import type { DesignSystem } from "./variables";

export interface ExportHost {
  exportNode(
    node: EmuNode,
    settings: ExportSettings | ExportSettingsSVGString | undefined,
  ): Promise<Uint8Array | string>;
}

export interface World extends ExportHost {
  nextId(): string;
  /** A node was made: it belongs to the undo step open now (see figma.commitUndo). */
  nodeMade(node: EmuNode): void;
  readonly pluginId: string;
  /** The manifest's documentAccess is "dynamic-page": deprecated sync APIs throw. */
  readonly dynamicPage: boolean;
  /** Image hashes the editor knows (fills must reference a created image). */
  hasImage(hash: string): boolean;
  /** A node left the document: drop it from selections. */
  nodeRemoved(node: EmuNode): void;
  /** A page's selection was set (Figma fires "selectionchange" for the current page). */
  selectionChanged(page: EmuNode): void;
  /** Where Figma parents a node made without a parent (a component's new instance): the current page. */
  appendToCurrentPage(node: EmuNode): void;
  /** All pages were loaded (figma.loadAllPagesAsync): document-wide search is allowed. */
  readonly allPagesLoaded: boolean;
  /** The file's colour variables and paint styles: bound paints resolve through it. */
  readonly design: DesignSystem;
}

/** Figma prefixes an API error with the call that raised it. */
export function figmaError(call: string, message: string): Error {
  return new Error(`in ${call}: ${message}`);
}

export function dynamicPageError(call: string, instead: string): Error {
  return figmaError(call, `Cannot call with documentAccess: dynamic-page. Use ${instead} instead.`);
}
