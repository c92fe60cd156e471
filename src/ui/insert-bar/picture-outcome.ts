// What a picture's options add up to, in one short line under them: the bar offered "256 512 1024
// 2048" and "1x 2x" but never said what lands (a 256 px box holding a 512 px image). The numbers
// come from the insert plan itself (insert-plan.ts), so the line and the download never disagree.

import type { AssetType } from "../../api/contract/tables";
import type { Settings } from "../../messages/types";
import { insertPlan } from "../insert/insert-plan";

type PictureSettings = Pick<Settings, "rasterSize" | "lottieAs" | "rasterDensity">;

/** "256 px on the canvas · 512 px image", "512 px moving GIF", "512 px still"; "" for other types. */
export function pictureOutcome(type: AssetType, settings: PictureSettings): string {
  const plan = insertPlan(type, settings);
  if (plan.as !== "image") return "";
  if (type === "lottie") return `${plan.width} px ${plan.firstFrame ? "still image" : "moving GIF"}`;
  if (type !== "3d" && type !== "ai-image") return "";
  // At 2x the rectangle is half the pixels that came (and at most half of Figma's 4096 px cap).
  const box = plan.density === 2 ? plan.width / 2 : plan.width;
  return plan.density === 2 ? `${box} px on the canvas · ${plan.width} px image` : `${box} px on the canvas`;
}
