// Which selection command the plugin was started for (Figma's menu or quick actions), as the batch
// operation it runs; none for every other launch.
import type { LaunchInfo } from "../../messages/types";
import type { BatchOperation } from "../batch/batch-operations";

export function commandOperation(launch: LaunchInfo | undefined): BatchOperation | null {
  if (launch?.command === "vectorize") return { family: "ai", operation: "vectorize" };
  if (launch?.command === "remove-background") return { family: "ai", operation: "remove-background" };
  return null;
}
