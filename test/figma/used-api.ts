// The part of Figma's plugin API that src/plugin uses, in one place, as types built from
// @figma/plugin-typings. The emulated `figma` object `satisfies` EmulatedFigma and each node class
// `implements` its Emulated<...Node>, so when Figma's API changes under a member the plugin uses, or
// the emulator drifts from it, the typecheck fails instead of a cast hiding it.
//
// The lists hold exactly what the plugin reads, writes or calls: a member the plugin starts to use
// belongs here, so the emulator is held to Figma's type for it. Members only the emulator's own tests
// use stay out. They are values as well as types so that used-api.test.ts can hold them to the code: it
// resolves every member access in src/plugin against Figma's typings and fails on a member missing
// here, or listed here and no longer used.
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
import type { EmuSection } from "./section";
import type { EmuPaintStyle, EmuVariable, EmuVariableCollection } from "./variables";

/** The `figma` members the plugin uses; the four sub-APIs are listed member by member below. */
export const FIGMA_MEMBERS = [
  "editorType",
  "commitUndo",
  "createImage",
  "notify",
  "on",
  "once",
  "off",
  "showUI",
  "currentPage",
  "setCurrentPageAsync",
  "getNodeByIdAsync",
  "createNodeFromSvg",
  "createRectangle",
  "closePlugin",
  "getStyleByIdAsync",
  "getLocalPaintStylesAsync",
  "root",
  "createPage",
  "createComponentFromNode",
  "createSection",
] as const satisfies readonly (keyof PluginAPI)[];

export const SUB_API_MEMBERS = {
  parameters: ["on", "off"],
  clientStorage: ["getAsync", "setAsync", "deleteAsync", "keysAsync"],
  ui: ["postMessage", "on", "off", "resize"],
  viewport: ["bounds", "center", "scrollAndZoomIntoView"],
  variables: [
    "getLocalVariablesAsync",
    "getVariableByIdAsync",
    "getVariableCollectionByIdAsync",
    "setBoundVariableForPaint",
  ],
} as const satisfies {
  parameters: readonly (keyof ParametersAPI)[];
  clientStorage: readonly (keyof ClientStorageAPI)[];
  ui: readonly (keyof UIAPI)[];
  viewport: readonly (keyof ViewportAPI)[];
  variables: readonly (keyof VariablesAPI)[];
};

type FigmaKeys = (typeof FIGMA_MEMBERS)[number];
type SubKeys<K extends keyof typeof SUB_API_MEMBERS> = (typeof SUB_API_MEMBERS)[K][number];

/** What any node the plugin meets (a search by id, a parent, a page) must answer. */
export const NODE_MEMBERS = ["id", "name", "type", "removed"] as const;
/** Layers: where they are, what is stored on them, and the edits the plugin makes. */
export const LAYER_MEMBERS = [
  "parent",
  "remove",
  "visible",
  "locked",
  "x",
  "y",
  "width",
  "height",
  "absoluteTransform",
  "resize",
  "rescale",
  "clone",
  "exportAsync",
  "layoutPositioning",
  "locked",
  "getPluginData",
  "setPluginData",
  "setRelaunchData",
  "getRelaunchData",
] as const;
/**
 * Shapes and frames have paints and constraints. In Figma a group has neither; the emulator's groups
 * still inherit them from EmuScene, a known kindness ("fills" in group is true here).
 */
export const PAINTED_MEMBERS = [
  "fills",
  "strokes",
  "constraints",
  "strokeWeight",
  "fillStyleId",
  "strokeStyleId",
  "setFillStyleIdAsync",
  "setStrokeStyleIdAsync",
] as const;
/** Containers: the plugin reads the children and adds its nodes. */
export const CHILD_MEMBERS = ["children", "appendChild", "insertChild"] as const;
/** Frames (components and instances too) say whether they lay out their children. */
export const FRAME_MEMBERS = ["layoutMode"] as const;
/**
 * Pages: the plugin loads another page before it works there (dynamic-page) and walks up to it,
 * reads the variable modes the page shows, and finds its recorded layers by plugin-data key.
 */
export const PAGE_MEMBERS = [
  "selection",
  "loadAsync",
  "parent",
  "explicitVariableModes",
  "findAllWithCriteria",
] as const;
/** Insert as component: a main component makes instances; an instance swaps to another component. */
export const COMPONENT_MEMBERS = ["createInstance"] as const;
export const INSTANCE_MEMBERS = ["getMainComponentAsync", "swapComponent"] as const;
/** A created image: its hash goes into a paint, its size into the layer. */
export const IMAGE_MEMBERS = ["hash", "getSizeAsync"] as const;

type NodeKeys = (typeof NODE_MEMBERS)[number];
type LayerKeys = NodeKeys | (typeof LAYER_MEMBERS)[number];
type PaintedKeys = (typeof PAINTED_MEMBERS)[number];
type ChildKeys = (typeof CHILD_MEMBERS)[number];
type FrameKeys = (typeof FRAME_MEMBERS)[number];

export type EmulatedFigma = Emulated<PluginAPI, FigmaKeys> & {
  readonly parameters: Pick<ParametersAPI, SubKeys<"parameters">>;
  readonly clientStorage: EmulatedClientStorage;
  readonly ui: Pick<UIAPI, SubKeys<"ui">>;
  readonly viewport: EmulatedViewport;
  readonly variables: Emulated<VariablesAPI, SubKeys<"variables">>;
};
export type EmulatedClientStorage = Pick<ClientStorageAPI, SubKeys<"clientStorage">>;
export type EmulatedViewport = Emulated<ViewportAPI, SubKeys<"viewport">>;
export type EmulatedImage = Pick<Image, (typeof IMAGE_MEMBERS)[number]>;

export type EmulatedRectangle = Emulated<RectangleNode, LayerKeys | PaintedKeys>;
export type EmulatedEllipse = Emulated<EllipseNode, LayerKeys | PaintedKeys>;
export type EmulatedVector = Emulated<VectorNode, LayerKeys | PaintedKeys>;
/** Without `type`: the emulator's components and instances are frames underneath. */
export type EmulatedFrame = Emulated<
  FrameNode,
  Exclude<LayerKeys, "type"> | PaintedKeys | ChildKeys | FrameKeys
>;
export type EmulatedComponent = Emulated<
  ComponentNode,
  LayerKeys | PaintedKeys | ChildKeys | FrameKeys | (typeof COMPONENT_MEMBERS)[number]
>;
export type EmulatedInstance = Emulated<
  InstanceNode,
  LayerKeys | PaintedKeys | ChildKeys | FrameKeys | (typeof INSTANCE_MEMBERS)[number]
>;
export type EmulatedGroup = Emulated<GroupNode, LayerKeys | ChildKeys>;
/** Figma's sections have no `rescale` and no `layoutPositioning` (the emulator's inherit them). */
export type EmulatedSection = Emulated<
  SectionNode,
  Exclude<LayerKeys, "rescale" | "layoutPositioning"> | ChildKeys
>;
export type EmulatedPage = Emulated<PageNode, NodeKeys | ChildKeys | (typeof PAGE_MEMBERS)[number]>;
export type EmulatedDocument = Emulated<
  DocumentNode,
  NodeKeys | "children" | "getPluginData" | "setPluginData"
>;
/** What a drop listener gets: Figma's DropEvent, whole, with the emulator's node under the pointer. */
export type EmulatedDropEvent = Emulated<DropEvent, keyof DropEvent>;

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
  | "findAllWithCriteria"
  | "appendChild"
  | "insertChild"
  | "selection"
  | "currentPage"
  | "setCurrentPageAsync"
  | "getNodeByIdAsync"
  | "createNodeFromSvg"
  | "createRectangle"
  | "root"
  | "clone"
  | "createPage"
  | "createComponentFromNode"
  | "createSection"
  | "createInstance"
  | "getMainComponentAsync"
  | "swapComponent"
  | "scrollAndZoomIntoView"
  | "node"
  | "getStyleByIdAsync"
  | "getLocalPaintStylesAsync"
  | "getLocalVariablesAsync"
  | "getVariableByIdAsync"
  | "getVariableCollectionByIdAsync"
  | "setBoundVariableForPaint";

type Swap<T> = undefined extends T ? SwapDefined<Exclude<T, undefined>> | undefined : SwapDefined<T>;

type SwapDefined<T> = [T] extends [never]
  ? never
  : [T] extends [BaseNode | null]
    ? EmuFor<Exclude<T, null>> | (null extends T ? null : never)
    : [T] extends [Variable | VariableCollection | BaseStyle | null]
      ? DesignFor<Exclude<T, null>> | (null extends T ? null : never)
      : [T] extends [readonly (infer U)[]]
        ? readonly Swap<U>[]
        : [T] extends [Promise<infer U>]
          ? Promise<Swap<U>>
          : [T] extends [(...args: infer A) => infer R]
            ? (...args: { [I in keyof A]: Swap<A[I]> }) => Swap<R>
            : T;

/**
 * The emulator's model of a variable, collection or style: the members the plugin reads (the scan does
 * not follow those, so they are checked here, by shape: each is Figma's type for that member).
 */
type DesignFor<T> = [T] extends [Variable]
  ? EmuVariable
  : [T] extends [VariableCollection]
    ? EmuVariableCollection
    : EmuPaintStyle;

/** The emulator's class for a Figma node type (a union of layers is any layer). */
type EmuFor<T> = [T] extends [FrameNode]
  ? EmuFrame
  : [T] extends [RectangleNode]
    ? EmuRectangle
    : [T] extends [GroupNode]
      ? EmuGroup
      : [T] extends [SectionNode]
        ? EmuSection
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
