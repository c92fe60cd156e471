// The part of Figma's plugin API that src/plugin uses, in one place, as types built from
// @figma/plugin-typings. The emulated `figma` object `satisfies` EmulatedFigma and each node class
// `implements` its Emulated<...Node>, so when Figma's API changes under a member the plugin uses, or
// the emulator drifts from it, the typecheck fails instead of a cast hiding it.
//
// The lists hold exactly what the plugin reads, writes or calls (grep src/plugin for `figma.` and for
// the node members it touches): a member the plugin starts to use belongs here, so the emulator is held
// to Figma's type for it. Members only the emulator's own tests use stay out.
import type {
  EmuComponent,
  EmuEllipse,
  EmuFrame,
  EmuGroup,
  EmuInstance,
  EmuRectangle,
  EmuVector,
} from "./node-types";
import type { EmuNode, EmuScene } from "./nodes";
import type { EmuDocument, EmuPage } from "./pages";

/** The `figma` members the plugin uses. */
type FigmaKeys =
  | "command"
  | "editorType"
  | "commitUndo"
  | "createImage"
  | "notify"
  | "on"
  | "off"
  | "showUI"
  | "currentPage"
  | "getNodeByIdAsync"
  | "createNodeFromSvg"
  | "createRectangle";

/** What any node the plugin meets (a search by id, a parent, a page) must answer. */
type NodeKeys = "id" | "name" | "type" | "removed";
/** Layers: where they are, what is stored on them, and the edits the plugin makes. */
type LayerKeys =
  | NodeKeys
  | "parent"
  | "remove"
  | "visible"
  | "x"
  | "y"
  | "width"
  | "height"
  | "absoluteTransform"
  | "resize"
  | "rescale"
  | "exportAsync"
  | "layoutPositioning"
  | "getPluginData"
  | "setPluginData"
  | "setRelaunchData";
/**
 * Shapes and frames have paints and constraints. In Figma a group has neither; the emulator's groups
 * still inherit them from EmuScene, a known kindness ("fills" in group is true here).
 */
type PaintedKeys = "fills" | "strokes" | "constraints";
/** Containers: the plugin reads the children and adds its nodes. */
type ChildKeys = "children" | "appendChild" | "insertChild";

export type EmulatedFigma = Emulated<PluginAPI, FigmaKeys> & {
  readonly parameters: Pick<ParametersAPI, "on"> & Partial<ParametersAPI>;
  readonly clientStorage: EmulatedClientStorage;
  readonly ui: Pick<UIAPI, "postMessage" | "on" | "off" | "resize">;
  readonly viewport: EmulatedViewport;
};
export type EmulatedClientStorage = Pick<ClientStorageAPI, "getAsync" | "setAsync" | "deleteAsync">;
export type EmulatedViewport = Emulated<ViewportAPI, "bounds" | "center" | "scrollAndZoomIntoView">;
export type EmulatedImage = Pick<Image, "hash" | "getSizeAsync">;

export type EmulatedRectangle = Emulated<RectangleNode, LayerKeys | PaintedKeys>;
export type EmulatedEllipse = Emulated<EllipseNode, LayerKeys | PaintedKeys>;
export type EmulatedVector = Emulated<VectorNode, LayerKeys | PaintedKeys>;
/** Without `type`: the emulator's components and instances are frames underneath. */
export type EmulatedFrame = Emulated<
  FrameNode,
  Exclude<LayerKeys, "type"> | PaintedKeys | ChildKeys | "layoutMode"
>;
export type EmulatedComponent = Emulated<ComponentNode, LayerKeys | PaintedKeys | ChildKeys | "layoutMode">;
export type EmulatedInstance = Emulated<InstanceNode, LayerKeys | PaintedKeys | ChildKeys | "layoutMode">;
export type EmulatedGroup = Emulated<GroupNode, LayerKeys | ChildKeys>;
export type EmulatedPage = Emulated<PageNode, NodeKeys | ChildKeys | "selection">;
export type EmulatedDocument = Emulated<DocumentNode, NodeKeys>;

/**
 * Figma's members `K` of `T`, with every node in their types replaced by the emulator's class for it:
 * Figma's node interfaces carry hundreds of members the emulator does not model, so the check is on
 * the shape (a frame's `children` are layers, `getNodeByIdAsync` resolves to a node or null).
 */
export type Emulated<T, K extends keyof T> = { [P in K]: P extends NodeBearing ? Swap<T[P]> : T[P] };

/**
 * The used members whose types hold nodes. The others keep Figma's exact type, overloads included
 * (a function type rebuilt by Swap keeps only the last overload).
 */
type NodeBearing =
  | "parent"
  | "children"
  | "appendChild"
  | "insertChild"
  | "selection"
  | "currentPage"
  | "getNodeByIdAsync"
  | "createNodeFromSvg"
  | "createRectangle"
  | "scrollAndZoomIntoView";

type Swap<T> = undefined extends T ? SwapDefined<Exclude<T, undefined>> | undefined : SwapDefined<T>;

type SwapDefined<T> = [T] extends [never]
  ? never
  : [T] extends [BaseNode | null]
    ? EmuFor<Exclude<T, null>> | (null extends T ? null : never)
    : [T] extends [readonly (infer U)[]]
      ? readonly Swap<U>[]
      : [T] extends [Promise<infer U>]
        ? Promise<Swap<U>>
        : [T] extends [(...args: infer A) => infer R]
          ? (...args: { [I in keyof A]: Swap<A[I]> }) => Swap<R>
          : T;

/** The emulator's class for a Figma node type (a union of layers is any layer). */
type EmuFor<T> = [T] extends [FrameNode]
  ? EmuFrame
  : [T] extends [RectangleNode]
    ? EmuRectangle
    : [T] extends [GroupNode]
      ? EmuGroup
      : [T] extends [ComponentNode]
        ? EmuComponent
        : [T] extends [InstanceNode]
          ? EmuInstance
          : [T] extends [VectorNode]
            ? EmuVector
            : [T] extends [EllipseNode]
              ? EmuEllipse
              : [T] extends [SceneNode]
                ? EmuScene
                : [T] extends [PageNode]
                  ? EmuPage
                  : [T] extends [DocumentNode]
                    ? EmuDocument
                    : EmuNode;
