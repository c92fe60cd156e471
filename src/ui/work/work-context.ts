// What every step of a piece of work shares: the api, the plugin port, the runs shown, the stored
// records and the credit meter; and the steps common to conversions and AI: fetching a result,
// placing it once, ending a run.

import type { PendingWork } from "../../messages/types";
import type { CreditsStore } from "../credits/credits-types";
import { toUiError } from "../errors/ui-error";
import { isNotCharged, leavesWorkOpen } from "./charges";
import { mediaType } from "./file-names";
import type { PendingRecords } from "./pending-records";
import { placeContent } from "./placeable";
import type { RunList } from "./run-list";
import type { WorkDeps, WorkResult, WorkRun } from "./work-types";

export interface WorkContext {
  api: WorkDeps["api"];
  port: WorkDeps["port"];
  credits: CreditsStore;
  runs: RunList;
  records: PendingRecords;
}

/** The file a finished job or task points at, through the ui's file fetcher (relay, token, retries). */
export async function fetchResult(
  ctx: WorkContext,
  url: string,
  fallbackType: string,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const response = await ctx.api().file(url);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const header = mediaType(response.headers.get("content-type") ?? "");
  // A file host may answer a generic type; the operation's own is then the better guess.
  const contentType = header && header !== "application/octet-stream" ? header : fallbackType;
  return { bytes, contentType };
}

/** Whether the record's results go on the canvas (conversions: when asked; AI: when a target is set). */
export function placesResults(record: PendingWork): boolean {
  return record.family === "ai" ? record.target !== undefined : record.params?.place === true;
}

/**
 * Places one result where the record says, and records its id before anything else can happen, so a
 * resumed run never places it twice. Results Figma cannot show are left for Save.
 */
export async function placeOnce(
  ctx: WorkContext,
  record: PendingWork,
  result: WorkResult,
  name: string,
): Promise<PendingWork> {
  if (!result.bytes || record.placed?.includes(result.id)) return record;
  const content = placeContent(result.bytes, result.contentType);
  if (!content) return record;
  const target = record.target ?? { mode: "new-node" as const };
  ctx.runs.patch(record.idempotencyKey, { status: "placing" });
  const placed = await ctx.port.request("place-result", {
    mode: target.mode,
    content,
    ...(target.nodeId ? { sourceNodeId: target.nodeId } : {}),
    ...(target.hideSource !== undefined ? { hideSource: target.hideSource } : {}),
    name,
    // The layer records what was done, for "Assets in this file".
    madeBy: record.operation,
  });
  const next = { ...record, placed: [...(record.placed ?? []), result.id] };
  await ctx.records.put(next);
  ctx.runs.putResult(record.idempotencyKey, { ...result, placedNodeIds: placed.nodeIds });
  return next;
}

/** Ends a run that did not succeed: its words, whether it was charged, and its record unless it may still finish. */
export async function failRun(ctx: WorkContext, key: string, error: unknown): Promise<WorkRun> {
  const why = toUiError(error);
  const notCharged = isNotCharged(why);
  const run = ctx.runs.patch(key, {
    status: "failed",
    error: why,
    ...(notCharged ? { notCharged: true, creditsCharged: 0 } : {}),
  });
  if (!leavesWorkOpen(why)) await ctx.records.remove(key).catch(() => undefined);
  return run ?? ({ key, status: "failed", error: why } as WorkRun);
}

/** Ends a run whose work is over: the record goes, the meter is read again (failed work gives credits back). */
export async function finishRun(ctx: WorkContext, key: string, patch: Partial<WorkRun>): Promise<WorkRun> {
  await ctx.records.remove(key);
  void ctx.credits.refresh();
  return ctx.runs.patch(key, { progress: undefined, ...patch }) as WorkRun;
}
