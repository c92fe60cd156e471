// The AI operations this server does itself, as task runs: vectorize (colour SVG) and
// remove-background (PNG with alpha; works on flat and simple backgrounds).

import type { AiOperation } from "../../api/contract/tables";
import { removeBackground, vectorize } from "../engines";
import type { AiTaskRun } from "./provider";

export function localRun(operation: AiOperation, file: Uint8Array, timeoutMs: number): AiTaskRun {
  if (operation === "vectorize") {
    return async () => ({
      bytes: Buffer.from(await vectorize(file, { timeoutMs }), "utf8"),
      extension: "svg",
    });
  }
  if (operation === "remove-background") {
    return async () => ({ bytes: await removeBackground(file, { timeoutMs }), extension: "png" });
  }
  throw new Error(`${operation} does not run locally.`);
}
