// A batch as the panel sees it: the plan shown before anything is spent, then each layer's run.
import type { ReadonlySignal } from "@preact/signals";
import type { SkipReason } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import type { CreditsStore } from "../credits/credits-types";
import type { UiError } from "../errors/ui-error";
import type { LayerThumbs } from "../layer-thumbs/layer-thumbs";
import type { UiApi } from "../services/ui-api";
import type { BatchOperation } from "./batch-operations";

/** Why a layer is left out: the plugin's reasons, and one the ui finds (the upload over the plan's limit). */
export type LeftOutReason = SkipReason | "too-large";

export interface LeftOut {
  nodeId: string;
  name: string;
  reason: LeftOutReason;
}

export interface PlannedLayer {
  nodeId: string;
  name: string;
  /** The upload as exported for the plan, sent as it is (undefined after a reopening: exported again). */
  file?: File;
}

export interface BatchPlan {
  op: BatchOperation;
  layers: PlannedLayer[];
  leftOut: LeftOut[];
  /** Credits per layer, from the catalogue; undefined when the service does not say. */
  costEach?: number;
  total?: number;
  /** What the balance would be after the batch; undefined when the balance is unknown. */
  balanceAfter?: number;
  maxUploadKb?: number;
}

export type LayerStatus =
  | "waiting"
  | "uploading"
  | "working"
  | "placing"
  | "done"
  | "failed"
  | "not-started"
  | "reverted";

export interface LayerRun {
  nodeId: string;
  name: string;
  status: LayerStatus;
  /** The Idempotency-Key of this layer's request (saved with the plugin before it leaves). */
  key: string;
  /** Credits this layer cost (0 when refused or failed: not charged). */
  charged?: number;
  resultId?: string;
  error?: UiError;
}

export interface BatchRun {
  id: string;
  op: BatchOperation;
  layers: LayerRun[];
  /** Picked up again after the plugin was reopened. */
  resumed?: boolean;
  cancelled?: boolean;
}

export interface BatchCatalogue {
  /** Reads the operations' costs and the plan's upload limit, if not read yet. */
  ensure(op: BatchOperation): Promise<void>;
  costOf(op: BatchOperation): number | undefined;
  /** False when the catalogue says the plan lacks the operation; undefined when it does not say. */
  available(op: BatchOperation): boolean | undefined;
  maxUploadKb(op: BatchOperation): number | undefined;
}

export interface BatchDeps {
  api: () => Pick<UiApi, "aiSubmit" | "pollAiTasks" | "convert" | "file">;
  port: Pick<UiPort, "request">;
  credits: CreditsStore;
  catalogue: BatchCatalogue;
  /** Layers worked on at once (uploads and tasks in flight); the service's rate limits still apply. */
  concurrency?: number;
  /** How a Retry-After wait is waited (tests advance the service's clock instead). */
  wait?: (ms: number) => Promise<void>;
}

export interface BatchStore {
  /** The plan being shown, before the designer confirms. */
  plan: ReadonlySignal<BatchPlan | null>;
  planning: ReadonlySignal<boolean>;
  planError: ReadonlySignal<UiError | null>;
  /** The batch running or last run. */
  run: ReadonlySignal<BatchRun | null>;
  makePlan(op: BatchOperation): Promise<BatchPlan | null>;
  dismissPlan(): void;
  /** The one confirmation: starts the plan's layers. */
  start(): Promise<BatchRun | null>;
  /** Layers not started are not sent (nor charged); those in flight finish. */
  cancel(): void;
  /** A failed layer again, alone, with a fresh key (its failure charged nothing). */
  retry(nodeId: string): Promise<void>;
  revertLayer(nodeId: string): Promise<void>;
  revertAll(): Promise<void>;
  /** The layers' small pictures for the plan's and the run's rows, exported as rows come into view. */
  thumbs: LayerThumbs;
  /** app.start() calls it: a batch a closed window left is picked up where it stopped. */
  resume(): Promise<void>;
  close(): void;
}
