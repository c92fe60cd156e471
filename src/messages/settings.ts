// The settings both sides share, with their defaults: the ui shows them, the plugin stores them.
import type { Settings } from "./types";

export const DEFAULT_SETTINGS: Settings = {
  iconSize: 24,
  iconColor: null,
  keepReplacedColor: true,
  rasterSize: 512,
  lottieAs: "gif",
  hideSourceAfterVectorize: false,
  windowWidth: 360,
  windowHeight: 560,
  proxyUrl: "",
  accessToken: "",
};
