// svg-to-lottie: SVG shapes and paths become Lottie shape layers (see walk.ts for what is drawn and
// build.ts for the presets).

import { asConversionFailure, EngineError } from "../errors";
import { requireInput } from "../sniff";
import { buildLottie, parsePreset } from "./build";
import { walkSvg } from "./walk";

export { DEFAULT_PRESET, SVG_LOTTIE_PRESETS, type SvgLottiePreset } from "./build";

/** Refuses canvases a Lottie player could not allocate. */
const MAX_CANVAS = 8192;

export async function svgToLottie(bytes: Uint8Array, options: { preset?: string } = {}): Promise<Buffer> {
  requireInput(bytes, "svg");
  const preset = parsePreset(options.preset);
  let walked: ReturnType<typeof walkSvg>;
  try {
    walked = walkSvg(new TextDecoder().decode(bytes));
  } catch (error) {
    throw asConversionFailure(error, "Reading the SVG");
  }
  if (walked.width > MAX_CANVAS || walked.height > MAX_CANVAS) {
    throw new EngineError("invalid_input_file", `The SVG is larger than ${MAX_CANVAS} px on a side.`);
  }
  if (walked.drawables.length === 0) {
    throw new EngineError("invalid_input_file", "The SVG has no shapes or paths that can be animated.");
  }
  return Buffer.from(JSON.stringify(buildLottie(walked.width, walked.height, walked.drawables, preset)));
}
