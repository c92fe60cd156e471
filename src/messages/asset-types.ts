// What every message about an asset shares: its kind, the reference a layer keeps of it, its content
// and the options applied to it. Part of the protocol (./types).

/** The asset types of the service (kept literal here: messages import nothing else from src/). */
export type AssetKind = "icon" | "illustration" | "3d" | "lottie" | "ai-image";

/** Which asset a node came from; recorded on the node so Replace and Find similar know it later. */
export interface AssetRef {
  uuid: string;
  name: string;
  type: AssetKind;
  /** The set it belongs to (the service's contributor), when the window knows it. */
  set?: string;
  /** Its licence as the service names it ("CC BY-SA 4.0"), when the window knows it. */
  licence?: string;
  /** Where the licence's terms are. */
  licenceUrl?: string;
}

/** Image formats Figma can show as a fill (createImage accepts PNG, JPEG and GIF only). */
export type ImageFormat = "png" | "jpg" | "gif";

/** What to put on the canvas: SVG text for vectors, encoded bytes for images (GIF stays animated). */
export type InsertContent =
  | { kind: "svg"; svg: string }
  | {
      kind: "image";
      format: ImageFormat;
      bytes: Uint8Array;
      /**
       * Pixels per point: 2 for an image drawn at 2x, whose rectangle is half its pixel size so it
       * stays crisp on a high-density screen (as Figma places a file named "@2x"). Absent: 1.
       */
      density?: 1 | 2;
    };

/** Options applied to a vector before it reaches the canvas. */
export interface InsertOptions {
  /** Long side in px (16, 20, 24, 32, 48 or custom); absent keeps the asset's own size. */
  size?: number;
  /**
   * "#rrggbb" recolours strokes and fills; absent keeps the asset's colours. At most one of `color`,
   * `colorVariableId` and `colorStyleId` is given.
   */
  color?: string;
  /** A colour variable of the file (DocumentColours): solid fills and strokes are bound to it. */
  colorVariableId?: string;
  /** A paint style of the file: the painted fills and strokes take the style. */
  colorStyleId?: string;
  /** Stroke width in px, absolute: kept at any size. Only stroked (line) icons have strokes to change. */
  strokeWidth?: number;
  /**
   * The drawing's own strokes times this, once sized: a line weight the icon's set has no drawing of
   * (Tabler's Bold as its outline's lines 1.375 times as wide). Relative, so a later resize keeps
   * the look. Ignored when `strokeWidth` is given.
   */
  strokeScale?: number;
  /** When replacing, reuse the colour of the node being replaced (wins over `color`). */
  keepReplacedColor?: boolean;
  /**
   * Each asset variant becomes a main component on the "Assetport components" page, made once and
   * reused; the canvas gets an instance, and Replace swaps an instance's main component.
   */
  insertAsComponent?: boolean;
}
