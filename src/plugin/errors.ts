// Every failure leaves the sandbox as a reason the ui can explain; Figma's own errors are recognised
// by their wording and turned into sentences a designer understands.
import type { ProtocolError, ProtocolErrorReason } from "../messages/types";

/** Stops the current request with a reason of ours (an Error, so stack traces still help). */
export function fail(reason: ProtocolErrorReason, message: string): never {
  throw Object.assign(new Error(message), { reason });
}

export const STORAGE_FULL = "Assetport's storage is full (Figma allows 5 MB): nothing was saved.";

const FIGMA_WORDING: [RegExp, ProtocolErrorReason, string][] = [
  [/createNodeFromSvg/, "invalid_svg", "Figma could not read this SVG."],
  [/Image type is unsupported/, "unsupported_image", "Figma takes PNG, JPEG and GIF images only."],
  [/Image is too large/, "image_too_large", "The image is over 4096 px, Figma's limit: pick a smaller size."],
  // No storage row: Figma does not document that error's text, so storage.ts says storage_full itself.
];

export function toProtocolError(error: unknown): ProtocolError {
  const { reason, message } = (error ?? {}) as Partial<ProtocolError>;
  if (reason && message) return { reason, message };
  const text = message ?? String(error);
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

/** orRemove for work that must stay synchronous (it runs inside a loop that cannot await). */
export function orRemoveNow<T>(node: { remove(): void; removed: boolean }, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (!node.removed) node.remove();
    throw error;
  }
}
