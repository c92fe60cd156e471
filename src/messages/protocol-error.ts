// Why a request between the ui and the plugin failed. Part of the protocol (./types).

/** Why a request failed. The ui turns each reason into words and an action. */
export type ProtocolErrorReason =
  | "invalid_message"
  | "unknown_type"
  | "nothing_selected"
  | "not_exportable"
  | "node_not_found"
  | "invalid_svg"
  | "unsupported_image"
  | "image_too_large"
  | "storage_full"
  | "figma_error"
  | "timeout"
  /** Content came for a drop Figma never reported on the canvas (released over its panels). */
  | "drop_missed"
  /** A layer inside a component instance: its structure is locked, so it cannot be replaced. */
  | "instance_locked"
  /** Content came after the plugin gave up waiting for it (a download that hung). */
  | "drop_expired"
  /** The colour variable or paint style asked for is not in the file (deleted since it was listed). */
  | "colour_missing"
  | "internal_error";

export interface ProtocolError {
  reason: ProtocolErrorReason;
  message: string;
}
