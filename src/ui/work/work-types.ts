// The shapes of work on the selection (conversions and AI) as the tabs see it: what is submitted,
// where results go, and each run's state. The Convert and AI tabs code against these.

import type { ReadonlySignal } from "@preact/signals";
import type { AiOperation, ConversionOperation } from "../../api/contract/tables";
import type { ExportFormat, PlaceMode } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import type { CreditsStore } from "../credits/credits-types";
import type { UiError } from "../errors/ui-error";
import type { UiApi } from "../services/ui-api";

/** Where the uploaded file comes from. "selection": exported by the plugin at submit time (and
 *  exported again for a retry after a restart); "file": picked by the designer. */
export type WorkInput =
  | { kind: "selection"; format: ExportFormat; maxSide?: number; nodeId?: string }
  | { kind: "file"; file: File };

/** Where results go on the canvas. No target: results are not placed (only saved). */
export interface WorkTarget {
  /** over-source (vectorize), replace-fill (remove-bg), new-node */
  mode: PlaceMode;
  /** The source layer (defaults to the exported selection node). */
  nodeId?: string;
  nodeName?: string;
  /** over-source only */
  hideSource?: boolean;
}

export interface ConversionSubmit {
  operation: ConversionOperation;
  input: WorkInput;
  width?: number;
  height?: number;
  preset?: string;
  /** Place results Figma can show (PNG, JPG, GIF) as a new node; others are only saved. */
  place?: boolean;
}

export interface AiSubmit {
  operation: AiOperation;
  /** Upload operations (vectorize, remove-background, smart-group): the file. */
  input?: WorkInput;
  /** Generative operations: model, prompt, image_url and any further fields, sent as JSON. */
  fields?: { model: string; prompt?: string; image_url?: string; [k: string]: unknown };
  /** Default for generative: { mode: "new-node" }. */
  target?: WorkTarget;
}

export type WorkStatus = "submitting" | "running" | "placing" | "done" | "failed";

export interface WorkResult {
  /** task_id, or job uuid, or "file" for a synchronous conversion */
  id: string;
  /** e.g. "Logo.png" (source name + extension of the content type) */
  fileName: string;
  contentType: string;
  /** Kept in memory for Save; absent after a resume until fetched. */
  bytes?: Uint8Array;
  placedNodeIds?: string[];
  /** A FAILED task: why (not charged). */
  error?: UiError;
}

export interface WorkRun {
  /** The Idempotency-Key */
  key: string;
  family: "convert" | "ai";
  operation: string;
  /** "Vectorize “Photo”", "png-to-jpg of “Logo”" */
  label: string;
  status: WorkStatus;
  /** "Queued", "Rendering", "2 of 4 tasks finished" */
  progress?: string;
  results: WorkResult[];
  /** Refused or failed: the reason (ui/errors/reasons.ts words). */
  error?: UiError;
  /** Credits taken (credits_charged / X-Credits-Consumed); 0 with notCharged for refused/failed. */
  creditsCharged?: number;
  notCharged?: boolean;
  /** Picked up again after the plugin was reopened. */
  resumed?: boolean;
  /** When the work was first asked for (ms since 1970): a resumed run keeps its first start. */
  startedAt?: number;
}

export interface WorkDeps {
  api: () => UiApi;
  port: Pick<UiPort, "request" | "on">;
  credits: CreditsStore;
}

export interface WorkStore {
  /** Newest first; this session's and resumed ones. */
  runs: ReadonlySignal<WorkRun[]>;
  /** Resolves when finished or failed. */
  convert(submit: ConversionSubmit): Promise<WorkRun>;
  ai(submit: AiSubmit): Promise<WorkRun>;
  /** app.start() calls it. */
  resume(): Promise<void>;
  /** Downloads the file from the iframe. */
  save(run: WorkRun, result: WorkResult): Promise<void>;
  /** Places a result Figma can show (PNG, JPG, GIF, SVG) that was not placed yet, as a new node. */
  place(run: WorkRun, result: WorkResult): Promise<void>;
  dismiss(key: string): void;
  /** Whether the run was submitted in this window (not resumed), so it can be sent again as it was. */
  canRunAgain(key: string): boolean;
  /**
   * Sends a failed run of this window again with the same choices and a fresh key (its failure
   * charged nothing), in place of the failed one. A selection is read again, as a click on Run would.
   */
  runAgain(key: string): Promise<WorkRun> | undefined;
}
