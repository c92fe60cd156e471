// The plan shown before anything is spent: the layers the batch takes (each exported once, here, so
// its size is known against the plan's upload limit and the same bytes go up later), those left out
// and why, the cost of each and in all, and the balance after.
import type { CreditsStore } from "../credits/credits-types";
import { readUpload } from "../work/upload-input";
import {
  type BatchOperation,
  exportFormatOf,
  needOf,
  operationName,
  UPLOAD_MAX_SIDE,
} from "./batch-operations";
import type { BatchDeps, BatchPlan, LeftOut, PlannedLayer } from "./batch-types";

export async function makeBatchPlan(
  deps: Pick<BatchDeps, "port" | "catalogue">,
  credits: CreditsStore,
  op: BatchOperation,
): Promise<BatchPlan> {
  const [candidates] = await Promise.all([
    deps.port.request("batch-candidates", { need: needOf(op) }),
    deps.catalogue.ensure(op).catch(() => undefined),
  ]);
  // Every layer would be refused (and not charged): said once, before anything is exported.
  if (deps.catalogue.available(op) === false) {
    throw Object.assign(new Error(`${operationName(op)} is not part of your team's plan.`), {
      reason: "entitlement_required",
    });
  }
  const maxUploadKb = deps.catalogue.maxUploadKb(op);
  const layers: PlannedLayer[] = [];
  const leftOut: LeftOut[] = [...candidates.skipped];
  // One export at a time: the sandbox renders them one after another anyway.
  for (const layer of candidates.layers) {
    const upload = await readUpload(deps.port, {
      kind: "selection",
      format: exportFormatOf(op),
      maxSide: UPLOAD_MAX_SIDE,
      nodeId: layer.nodeId,
    });
    if (maxUploadKb !== undefined && upload.file.size > maxUploadKb * 1024)
      leftOut.push({ nodeId: layer.nodeId, name: layer.name, reason: "too-large" });
    else layers.push({ nodeId: layer.nodeId, name: layer.name, file: upload.file });
  }
  const costEach = deps.catalogue.costOf(op);
  const total = costEach === undefined ? undefined : costEach * layers.length;
  const remaining = credits.balance.peek()?.remaining;
  return {
    op,
    layers,
    leftOut,
    ...(costEach === undefined ? {} : { costEach }),
    ...(total === undefined ? {} : { total }),
    ...(total !== undefined && remaining !== undefined ? { balanceAfter: remaining - total } : {}),
    ...(maxUploadKb === undefined ? {} : { maxUploadKb }),
  };
}
