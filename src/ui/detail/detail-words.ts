// The details' words that must agree with the rest of the window: the style named once (subtitle and
// Style fact alike), and an animation's formats in the insert bar's words, its Still included.

import { styleLabel } from "../../api/client/asset-names";
import type { AssetType, Format } from "../../api/contract/tables";
import type { Settings } from "../../messages/types";

/** A format the details offer, or a Lottie's first frame ("Still": a GIF of one frame, as the bar's). */
export type FormatPick = Format | "still";

/**
 * A Lottie's formats as the insert bar says them (Moving, Still), the files by the names designers
 * know; others by their usual short name. "Moving image (GIF)" would not fit four to a row at 280 px:
 * the tooltip says it instead.
 */
const LOTTIE_WORDS: Partial<Record<FormatPick, string>> = {
  gif: "Moving",
  still: "Still",
  json: "Lottie JSON",
  lottie: "dotLottie",
  mp4: "Video (MP4)",
};

export function formatWords(type: AssetType, pick: FormatPick): string {
  return (type === "lottie" ? LOTTIE_WORDS[pick] : undefined) ?? pick.toUpperCase();
}

/** The picks for the formats offered: a Lottie's GIF comes moving or still, as the bar offers it. */
/** What a Lottie pick gives, said in full where the segment has room only for a word. */
const LOTTIE_TITLES: Partial<Record<FormatPick, string>> = {
  gif: "Moving image: an animated GIF",
  still: "Still image: one frame of it",
  json: "Lottie JSON file, saved rather than placed",
  lottie: "dotLottie file, saved rather than placed",
  mp4: "Video file, saved rather than placed",
};

export function formatTitle(type: AssetType, pick: FormatPick): string | undefined {
  return type === "lottie" ? LOTTIE_TITLES[pick] : undefined;
}

export function formatPicks(type: AssetType, formats: readonly Format[]): FormatPick[] {
  if (type !== "lottie") return [...formats];
  return formats.flatMap((f): FormatPick[] => (f === "gif" ? ["gif", "still"] : [f]));
}

/** Which pick the current format and the bar's Moving/Still setting amount to. */
export function pickOf(type: AssetType, format: Format, lottieAs: Settings["lottieAs"]): FormatPick {
  return type === "lottie" && format === "gif" && lottieAs === "first-frame" ? "still" : format;
}

/**
 * What a pick sets: the format, and for a Lottie GIF the bar's Moving/Still setting (one setting, so
 * the bar and the details never disagree about what goes in).
 */
export function applyPick(pick: FormatPick): { format: Format; lottieAs?: Settings["lottieAs"] } {
  if (pick === "still") return { format: "gif", lottieAs: "first-frame" };
  return pick === "gif" ? { format: "gif", lottieAs: "gif" } : { format: pick };
}

/**
 * The word after the set in the subtitle. An icon's is its variant (a weight: "Bold"); a picture's is
 * its style ("Colored outline"), which the Style fact would otherwise contradict with the set's own
 * word for the variant ("Color"). Undefined when there is neither.
 */
export function subtitleStyle(
  type: AssetType,
  styles: readonly string[],
  variant: string | undefined,
): string | undefined {
  if (type === "icon" || styles.length !== 1) return variant;
  return styleLabel(styles[0]!);
}
