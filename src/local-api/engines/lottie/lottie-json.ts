// The parsed Lottie a conversion works on, with its timing checked and its JSON text kept for the renderer.

import { EngineError } from "../errors";
import { parseLottie } from "../sniff";
import type { LottieTiming } from "./render-params";

export interface LottieAnimation extends LottieTiming {
  layers: unknown[];
  assets?: unknown[];
  [key: string]: unknown;
}

export function requireLottie(bytes: Uint8Array): { json: string; animation: LottieAnimation } {
  const animation = parseLottie(bytes) as LottieAnimation | undefined;
  if (!animation) {
    throw new EngineError(
      "invalid_input_file",
      "Expected Lottie JSON (an object with v, fr, ip, op, w, h and layers).",
    );
  }
  return { json: JSON.stringify(animation), animation };
}
