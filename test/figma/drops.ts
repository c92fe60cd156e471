// Drops on the canvas, as Figma delivers them to `figma.on("drop")`.
// - `pluginDrop` from the iframe: {clientX, clientY} in the iframe's own coordinates (Figma adds the
//   window's place on screen), `dropMetadata`, and optionally `items` and `files` (File objects).
// - A native drop: what the browser hands Figma's canvas when a drag is released over it (a file or
//   text from another app): the dataTransfer's items and files, no `dropMetadata`. Figma says a drag
//   from a plugin's null-origin window does not reach its canvas this way; tests that make one from
//   the plugin's own drag are deliberately stricter than Figma (see test/e2e/support/harness.ts).
// Every listener gets a DropEvent (typings: DropEvent); when none returns false, Figma does its own
// drop, which for text is a text layer. That default is recorded in `defaults` for tests to read.
import { EmuFrame, EmuGroup, EmuInstance } from "./node-types";
import type { EmuNode, EmuScene } from "./nodes";
import type { EmuPage } from "./pages";
import type { EmulatedDropEvent } from "./used-api";
import type { Viewport } from "./viewport";

export interface PluginDrop {
  clientX: number;
  clientY: number;
  dropMetadata?: unknown;
  items?: DropItem[];
  /** The ui posts File objects; anything blob-like with a name and a type is read the same way. */
  files?: unknown[];
}

/** What Figma would have made itself from a drop no plugin claimed (a guess beyond text: see below). */
export interface DefaultDrop {
  /** "TEXT" for text/plain or text/uri-list items; "NOTHING" for data Figma has no default for. */
  made: "TEXT" | "NOTHING";
  items: DropItem[];
}

interface BlobLike {
  name?: unknown;
  type?: unknown;
  arrayBuffer(): Promise<ArrayBuffer>;
}

const isBlobLike = (value: unknown): value is BlobLike =>
  typeof value === "object" && value !== null && typeof (value as BlobLike).arrayBuffer === "function";

function dropFile(file: BlobLike): DropFile {
  const bytes = async () => new Uint8Array(await file.arrayBuffer());
  return {
    name: typeof file.name === "string" ? file.name : "",
    type: typeof file.type === "string" ? file.type : "",
    getBytesAsync: bytes,
    getTextAsync: async () => new TextDecoder().decode(await bytes()),
  };
}

/** Only `{type, data}` string pairs survive, as in a DataTransfer. */
function dropItems(items: unknown): DropItem[] {
  if (!Array.isArray(items)) return [];
  return items
    .filter((i): i is DropItem => typeof i?.type === "string" && typeof i?.data === "string")
    .map((i) => ({ type: i.type, data: i.data }));
}

const canParent = (node: EmuScene) => node instanceof EmuFrame || node instanceof EmuGroup;

function contains(node: EmuScene, x: number, y: number): boolean {
  return (
    x >= node.absoluteX &&
    x <= node.absoluteX + node.width &&
    y >= node.absoluteY &&
    y <= node.absoluteY + node.height
  );
}

/**
 * The node a drop lands on: the deepest visible frame, component or group under the point (the last
 * painted wins), which may be one of the plugin's own inserted frames or a group inside one. Figma's
 * typings: the page when nothing is there, or when the target "is locked or cannot be a parent of
 * another node" (an instance). Shapes that cannot hold children are looked through: a guess, Figma
 * does not document which node it names for a point over a rectangle inside a frame.
 */
export function dropTarget(page: EmuPage, x: number, y: number): EmuNode {
  let target: EmuNode = page;
  let children: readonly EmuScene[] = page.children;
  for (;;) {
    const hit = [...children].reverse().find((n) => canParent(n) && n.visible && contains(n, x, y));
    if (!hit) return target;
    if (hit.locked || hit instanceof EmuInstance) return page;
    target = hit;
    children = hit.kids();
  }
}

/** Where a node's children measure x/y from (a group has no space of its own: its parent's). */
function childOrigin(node: EmuNode): { x: number; y: number } {
  if (node instanceof EmuGroup) return node.parent ? childOrigin(node.parent) : { x: 0, y: 0 };
  if (node instanceof EmuFrame) return { x: node.absoluteX, y: node.absoluteY };
  return { x: 0, y: 0 };
}

export interface DropsOptions {
  page: () => EmuPage;
  viewport: Viewport;
  /** The plugin window's top-left over the canvas area, in screen px. */
  uiOrigin: { x: number; y: number };
  /** Calls every drop listener; returns what each returned. */
  emit: (event: EmulatedDropEvent) => unknown[];
}

export function createDrops(options: DropsOptions) {
  const defaults: DefaultDrop[] = [];

  function deliver(screenX: number, screenY: number, items: DropItem[], files: DropFile[], meta?: unknown) {
    const point = options.viewport.toCanvas(screenX, screenY);
    const node = dropTarget(options.page(), point.x, point.y);
    const origin = childOrigin(node);
    const event: EmulatedDropEvent = {
      node,
      x: point.x - origin.x,
      y: point.y - origin.y,
      absoluteX: point.x,
      absoluteY: point.y,
      items,
      files,
      ...(meta === undefined ? {} : { dropMetadata: meta }),
    };
    const answers = options.emit(event);
    if (answers.includes(false)) return;
    // No plugin claimed it. Figma makes a text layer from dropped text (a drag of selected words from
    // another tab does this); what it makes from other data types is not documented: recorded as NOTHING.
    const text = items.some((i) => i.type === "text/plain" || i.type === "text/uri-list");
    defaults.push({ made: text ? "TEXT" : "NOTHING", items });
  }

  return {
    defaults,
    /** `{pluginDrop}` posted by the iframe: its point is in the iframe's coordinates. */
    fromPlugin(drop: PluginDrop): void {
      // A pluginDrop without a usable point cannot be placed; Figma's handling of one is not documented.
      if (!Number.isFinite(drop.clientX) || !Number.isFinite(drop.clientY)) return;
      const files = Array.isArray(drop.files) ? drop.files.filter(isBlobLike).map(dropFile) : [];
      deliver(
        options.uiOrigin.x + drop.clientX,
        options.uiOrigin.y + drop.clientY,
        dropItems(drop.items),
        files,
        drop.dropMetadata,
      );
    },
    /** A native drop released at a screen point of the canvas area (no dropMetadata). */
    native(at: { x: number; y: number }, items: DropItem[], files: unknown[] = []): void {
      deliver(at.x, at.y, dropItems(items), files.filter(isBlobLike).map(dropFile));
    },
  };
}
