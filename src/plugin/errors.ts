// Every failure leaves the sandbox as a reason the ui can explain; Figma's own errors are recognised
// by their wording and turned into sentences a designer understands.
import type { ProtocolError, ProtocolErrorReason } from "../messages/types";

export class PluginError extends Error {
  constructor(
    readonly reason: ProtocolErrorReason,
    message: string,
  ) {
    super(message);
  }
}

const FIGMA_WORDING: [RegExp, ProtocolErrorReason, string][] = [
  [/createNodeFromSvg/, "invalid_svg", "This SVG could not be read by Figma, so nothing was inserted."],
  [/Image type is unsupported/, "unsupported_image", "Figma only accepts PNG, JPEG and GIF images."],
  [
    /Image is too large/,
    "image_too_large",
    "The image is larger than 4096 px, the most Figma accepts. Pick a smaller size.",
  ],
  [/[Ss]torage|quota/, "storage_full", "Assetport's local storage is full (Figma allows 5 MB)."],
];

export function toProtocolError(error: unknown): ProtocolError {
  if (error instanceof PluginError) return { reason: error.reason, message: error.message };
  const text = error instanceof Error ? error.message : String(error);
  for (const [pattern, reason, message] of FIGMA_WORDING) if (pattern.test(text)) return { reason, message };
  return { reason: "figma_error", message: `Figma refused the change: ${text}` };
}

/** Runs `work` on a node just created; if a later step fails, the node goes so nothing is half-made. */
export async function orRemove<T extends { remove(): void; removed: boolean }, R>(
  node: T,
  work: (node: T) => R | Promise<R>,
): Promise<R> {
  try {
    return await work(node);
  } catch (error) {
    if (!node.removed) node.remove();
    throw error;
  }
}
