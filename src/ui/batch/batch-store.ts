// A batch from plan to placed results: every layer's record (with its own Idempotency-Key) saved with
// the plugin before the first request leaves, a few layers in flight at once behind one rate gate,
// Cancel that sends nothing more, a failed layer retried alone, Revert of one layer or all, and a
// batch a closed window left picked up where it stopped.
import { computed, signal } from "@preact/signals";
import { newIdempotencyKey } from "../../api/client/api-client";
import type { PendingWork } from "../../messages/types";
import { toUiError, type UiError } from "../errors/ui-error";
import { createLayerThumbs } from "../layer-thumbs/layer-thumbs";
import { pendingRecords } from "../work/pending-records";
import { type BatchOperation, exportFormatOf, findOperation, UPLOAD_MAX_SIDE } from "./batch-operations";
import { makeBatchPlan } from "./batch-plan";
import type { BatchDeps, BatchPlan, BatchRun, BatchStore, LayerRun } from "./batch-types";
import { type LayerContext, runLayer } from "./layer-work";
import { createRateGate } from "./rate-gate";

export const DEFAULT_CONCURRENCY = 3;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function recordFor(run: BatchRun, layer: LayerRun): PendingWork {
  return {
    // Its place in the batch, so a reopened window lists the layers in the order they were planned.
    params: { order: run.layers.findIndex((l) => l.nodeId === layer.nodeId) },
    idempotencyKey: layer.key,
    family: run.op.family,
    operation: run.op.operation,
    createdAt: Date.now(),
    status: "submitting",
    target: { nodeId: layer.nodeId, nodeName: layer.name, mode: "over-source" },
    exportAs: { format: exportFormatOf(run.op), maxSide: UPLOAD_MAX_SIDE },
    batchId: run.id,
  };
}

export function createBatchStore(deps: BatchDeps): BatchStore {
  const plan = signal<BatchPlan | null>(null);
  const planning = signal(false);
  const planError = signal<UiError | null>(null);
  const run = signal<BatchRun | null>(null);
  const records = pendingRecords(deps.port);
  const concurrency = Math.max(1, deps.concurrency ?? DEFAULT_CONCURRENCY);
  const ctx: LayerContext = {
    api: deps.api,
    port: deps.port,
    credits: deps.credits,
    records,
    gate: createRateGate(deps.wait ?? pause),
  };
  /** Uploads kept from the plan, by layer; dropped once sent. */
  const files = new Map<string, File>();
  /** Saved records of layers not finished, by layer. */
  const saved = new Map<string, PendingWork>();

  function patchLayer(nodeId: string, patch: Partial<LayerRun>): void {
    const current = run.peek();
    if (!current) return;
    run.value = {
      ...current,
      layers: current.layers.map((l) => (l.nodeId === nodeId ? { ...l, ...patch } : l)),
    };
  }

  async function work(layer: LayerRun): Promise<void> {
    const record = saved.get(layer.nodeId);
    if (!record) return;
    const file = files.get(layer.nodeId);
    files.delete(layer.nodeId);
    await runLayer(ctx, record, file, (patch) => patchLayer(layer.nodeId, patch));
    saved.delete(layer.nodeId);
  }

  /** Layers still waiting, taken in order by at most `concurrency` workers. */
  async function drain(): Promise<void> {
    const next = () => run.peek()?.layers.find((l) => l.status === "waiting");
    const worker = async () => {
      for (let layer = next(); layer && !run.peek()?.cancelled; layer = next()) {
        patchLayer(layer.nodeId, { status: "uploading" });
        await work(layer);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    void deps.credits.refresh();
  }

  async function makePlan(op: BatchOperation): Promise<BatchPlan | null> {
    planning.value = true;
    planError.value = null;
    try {
      const made = await makeBatchPlan(deps, deps.credits, op);
      plan.value = made;
      return made;
    } catch (error) {
      planError.value = toUiError(error);
      return null;
    } finally {
      planning.value = false;
    }
  }

  async function start(): Promise<BatchRun | null> {
    const chosen = plan.peek();
    if (!chosen || chosen.layers.length === 0) return null;
    plan.value = null;
    const batch: BatchRun = {
      id: newIdempotencyKey(),
      op: chosen.op,
      layers: chosen.layers.map((l) => ({
        nodeId: l.nodeId,
        name: l.name,
        status: "waiting",
        key: newIdempotencyKey(),
      })),
    };
    run.value = batch;
    for (const l of chosen.layers) if (l.file) files.set(l.nodeId, l.file);
    // Every key saved before the first request leaves: a window closed at any point resumes them all.
    for (const layer of batch.layers) {
      const record = recordFor(batch, layer);
      saved.set(layer.nodeId, record);
      await records.put(record);
    }
    await drain();
    return run.peek();
  }

  async function resume(): Promise<void> {
    let found: PendingWork[];
    try {
      found = (await records.list()).filter((r) => r.batchId);
    } catch {
      return;
    }
    // One batch at a time: the most recent one left open.
    const latest = found.sort((a, b) => b.createdAt - a.createdAt)[0];
    const op = latest && findOperation(latest.family, latest.operation);
    if (!latest?.batchId || !op || run.peek()) return;
    const order = (r: PendingWork) => (typeof r.params?.order === "number" ? r.params.order : 0);
    const mine = found.filter((r) => r.batchId === latest.batchId).sort((a, b) => order(a) - order(b));
    run.value = {
      id: latest.batchId,
      op,
      resumed: true,
      layers: mine.map((r) => ({
        nodeId: r.target?.nodeId ?? r.idempotencyKey,
        name: r.target?.nodeName ?? "Layer",
        status: "waiting",
        key: r.idempotencyKey,
      })),
    };
    for (const record of mine) saved.set(record.target?.nodeId ?? record.idempotencyKey, record);
    await drain();
  }

  return {
    plan,
    planning: computed(() => planning.value),
    planError,
    run,
    makePlan,
    dismissPlan() {
      plan.value = null;
      files.clear();
    },
    start,
    cancel() {
      const current = run.peek();
      if (!current) return;
      const waiting = current.layers.filter((l) => l.status === "waiting");
      run.value = {
        ...current,
        cancelled: true,
        layers: current.layers.map((l) => (l.status === "waiting" ? { ...l, status: "not-started" } : l)),
      };
      // Never sent: their records go, so no later window sends them either.
      for (const layer of waiting) {
        saved.delete(layer.nodeId);
        files.delete(layer.nodeId);
        void records.remove(layer.key).catch(() => undefined);
      }
    },
    async retry(nodeId) {
      const current = run.peek();
      const layer = current?.layers.find((l) => l.nodeId === nodeId);
      if (!current || !layer || layer.status !== "failed") return;
      // Work the service still holds (its record kept: tasks whose following broke) is followed again
      // with its own key, never paid a second time.
      const kept = (await records.list().catch(() => [])).find((r) => r.idempotencyKey === layer.key);
      // A refused or FAILED one charged nothing: a fresh key, so the service does not answer with the old failure.
      const again: LayerRun = {
        nodeId,
        name: layer.name,
        status: "uploading",
        key: kept ? layer.key : newIdempotencyKey(),
      };
      run.value = { ...current, layers: current.layers.map((l) => (l.nodeId === nodeId ? again : l)) };
      const record = kept ?? recordFor(current, again);
      saved.set(nodeId, record);
      if (!kept) await records.put(record);
      await work(again);
      void deps.credits.refresh();
    },
    async revertLayer(nodeId) {
      const layer = run.peek()?.layers.find((l) => l.nodeId === nodeId);
      if (!layer?.resultId) return;
      const answer = await deps.port.request("revert", { nodeIds: [layer.resultId] });
      if (answer.restoredIds.length > 0) patchLayer(nodeId, { status: "reverted" });
    },
    async revertAll() {
      const current = run.peek();
      if (!current) return;
      const answer = await deps.port.request("revert", { batchId: current.id });
      const back = new Set(answer.restoredIds);
      for (const layer of current.layers)
        if (back.has(layer.nodeId)) patchLayer(layer.nodeId, { status: "reverted" });
    },
    resume,
    thumbs: createLayerThumbs(deps.port),
    close() {
      if (run.peek()?.layers.some((l) => ["waiting", "uploading", "working", "placing"].includes(l.status)))
        return;
      run.value = null;
    },
  };
}
