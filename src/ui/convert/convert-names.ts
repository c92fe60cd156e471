// Conversions and formats as a designer names them: what comes out, from what ("Animated GIF from
// Lottie"), never the operation's id ("lottie-to-gif"); and what each adds to Figma's own Export.

import type { ConversionOperation } from "../../api/contract/tables";
import { countText } from "../count-text";

export interface ConversionWords {
  /** The menu's row and the field's text: what comes out, from what. */
  name: string;
  /** What a finished file is called in the run list: "Animated GIF" (of “slide”). */
  result: string;
  /** The button's object: "Convert to GIF". */
  to: string;
  /** One line under the menu: what it is for; the lead group says what Figma's Export lacks. */
  what: string;
}

export const CONVERSION_WORDS: Readonly<Record<ConversionOperation, ConversionWords>> = {
  "svg-to-lottie": {
    name: "Lottie animation from SVG",
    result: "Lottie animation",
    to: "Lottie",
    what: "Turns a vector into a Lottie animation: still, fading in, or drawing its lines.",
  },
  "lottie-to-gif": {
    name: "Animated GIF from Lottie",
    result: "Animated GIF",
    to: "GIF",
    what: "Renders a Lottie animation as a GIF that plays anywhere, on the canvas too.",
  },
  "lottie-to-mp4": {
    name: "MP4 video from Lottie",
    result: "MP4 video",
    to: "MP4",
    what: "Renders a Lottie animation as an MP4 video, for slides, socials and prototypes.",
  },
  "lottie-to-webm": {
    name: "WebM video from Lottie",
    result: "WebM video",
    to: "WebM",
    what: "Renders a Lottie animation as a WebM video, small for the web.",
  },
  "lottie-to-webp": {
    name: "Animated WebP from Lottie",
    result: "Animated WebP",
    to: "WebP",
    what: "Renders a Lottie animation as an animated WebP, lighter than a GIF on the web.",
  },
  "lottie-to-dotlottie": {
    name: "dotLottie from Lottie",
    result: "dotLottie",
    to: "dotLottie",
    what: "Packs a Lottie animation into a compressed .lottie file for developers.",
  },
  "lottie-optimize": {
    name: "Smaller Lottie",
    result: "Smaller Lottie",
    to: "a smaller Lottie",
    what: "Makes a Lottie file smaller without changing how it plays.",
  },
  "svg-to-png": {
    name: "PNG from SVG",
    result: "PNG",
    to: "PNG",
    what: "A picture of a vector at the scale you choose.",
  },
  "svg-to-jpg": {
    name: "JPG from SVG",
    result: "JPG",
    to: "JPG",
    what: "A picture of a vector at the scale you choose, without transparency.",
  },
  "svg-to-pdf": { name: "PDF from SVG", result: "PDF", to: "PDF", what: "A vector PDF, for print." },
  "png-to-jpg": {
    name: "JPG from PNG",
    result: "JPG",
    to: "JPG",
    what: "A smaller picture, without transparency.",
  },
  "jpg-to-png": { name: "PNG from JPG", result: "PNG", to: "PNG", what: "The same picture as a PNG." },
};

/**
 * What Figma's own Export cannot make (animation out of a vector, Lottie renders, dotLottie): led
 * with, in this order; the rest Export also does, and follow.
 */
export const BEYOND_EXPORT: readonly ConversionOperation[] = [
  "lottie-to-gif",
  "lottie-to-mp4",
  "svg-to-lottie",
  "lottie-to-dotlottie",
  "lottie-to-webm",
  "lottie-to-webp",
  "lottie-optimize",
];
export const ALSO_IN_EXPORT: readonly ConversionOperation[] = [
  "svg-to-png",
  "svg-to-jpg",
  "svg-to-pdf",
  "png-to-jpg",
  "jpg-to-png",
];

const isConversion = (operation: string): operation is ConversionOperation =>
  Object.hasOwn(CONVERSION_WORDS, operation);

/** Lottie (and the Lottie JSON it is stored as) by name; every other format in capitals. */
export const formatName = (format: string) =>
  format === "lottie" || format === "json" ? "Lottie" : format.toUpperCase();

/** "lottie-to-mp4" -> "MP4 video from Lottie"; an operation this ui does not know, as it came. */
export const conversionName = (operation: string) =>
  isConversion(operation) ? CONVERSION_WORDS[operation].name : operation;

/** "lottie-to-gif" -> "Animated GIF": what a run made. */
export const conversionResult = (operation: string) =>
  isConversion(operation) ? CONVERSION_WORDS[operation].result : operation;

/** An upload limit as a designer reads file sizes: "64 KB", "5 MB", "1.5 MB". */
export const sizeName = (kb: number) =>
  kb >= 1024 ? `${countText(Number((kb / 1024).toFixed(1)))} MB` : `${countText(kb)} KB`;
