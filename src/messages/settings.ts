// The settings both sides share, with their defaults: the ui shows them, the plugin stores them.
import type { Settings } from "./types";

export const DEFAULT_SETTINGS: Settings = {
  iconSize: 24,
  iconColor: null,
  keepReplacedColor: true,
  iconColorVariableId: null,
  iconColorStyleId: null,
  iconStrokeWidth: null,
  insertAsComponent: false,
  iconVariant: null,
  rasterSize: 512,
  rasterDensity: 1,
  lottieAs: "gif",
  hideSourceAfterVectorize: false,
  windowWidth: 360,
  windowHeight: 560,
  proxyUrl: "",
  accessToken: "",
};

/** The window sizes both sides allow: the grip stops at them and the plugin clamps to them. */
export const WINDOW_LIMITS = { minWidth: 280, maxWidth: 1600, minHeight: 320, maxHeight: 1600 } as const;

/**
 * The window a selection command (Remove background, Vectorize from the menu) opens in: room for its
 * plan and progress, not for the whole plugin. "Open Assetport" in it grows it to the remembered size.
 */
export const COMMAND_WINDOW = { width: 300, height: 320 } as const;

export function clampWindowSize(width: number, height: number): { width: number; height: number } {
  const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));
  return {
    width: clamp(width, WINDOW_LIMITS.minWidth, WINDOW_LIMITS.maxWidth),
    height: clamp(height, WINDOW_LIMITS.minHeight, WINDOW_LIMITS.maxHeight),
  };
}
