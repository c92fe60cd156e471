// Conversions and formats as a designer names them: "Lottie to MP4", not "lottie-to-mp4".

import { countText } from "../count-text";

/** Lottie (and the Lottie JSON it is stored as) by name; every other format in capitals. */
export const formatName = (format: string) =>
  format === "lottie" || format === "json" ? "Lottie" : format.toUpperCase();

/** "lottie-to-mp4" -> "Lottie to MP4". */
export const conversionName = (operation: string) =>
  operation
    .split("-to-")
    .map((part) => formatName(part))
    .join(" to ");

/** An upload limit as a designer reads file sizes: "64 KB", "5 MB", "1.5 MB". */
export const sizeName = (kb: number) =>
  kb >= 1024 ? `${countText(Number((kb / 1024).toFixed(1)))} MB` : `${countText(kb)} KB`;
