// The AI tab's choices (operation, model per operation, prompt, image source, keep or hide the
// source after vectorize) and the one action that sends them to the work core.

import { batch, computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import type { AiOperation } from "../../api/contract/tables";
import type { SelectionInfo } from "../../messages/types";
import { copyFor } from "../errors/reasons";
import { toUiError } from "../errors/ui-error";
import type { AssetsApi } from "../services/assets-api";
import type { SettingsStore } from "../settings/settings-store";
import type { AiSubmit, WorkRun } from "../work/work-types";
import type { AiCatalogue } from "./ai-catalogue";
import { aiCannotRun, aiGroupOf, aiUnavailable } from "./ai-groups";
import { costOf, imageInputOf, isUploadOperation, modelsFor, sourceLayer } from "./ai-operations";
import {
  type AiChoices,
  generativeProblem,
  generativeSubmit,
  type ImageFrom,
  imageSourcesFor,
  uploadSubmit,
} from "./ai-request";
import { ImageSourceError, imageUrlOfAsset, selectionImage } from "./image-source";

export interface AiStoreDeps {
  api: () => Pick<AssetsApi, "item">;
  catalogue: AiCatalogue;
  settings: Pick<SettingsStore, "settings" | "update">;
  selection: ReadonlySignal<SelectionInfo | null>;
  work: { runs: ReadonlySignal<WorkRun[]>; ai(submit: AiSubmit): Promise<WorkRun> };
}

/** Words for what stopped a submission before it left: the tab's own reasons as they are, the service's through the reasons table. */
function problemWords(caught: unknown): string {
  const own = caught instanceof ImageSourceError || !(caught instanceof Object && "reason" in caught);
  if (own) return caught instanceof Error ? caught.message : String(caught);
  const error = toUiError(caught);
  return `${copyFor(error.reason).title}. ${error.message}`;
}

export function createAiStore(deps: AiStoreDeps) {
  const { catalogue } = deps;
  const picked = signal<AiOperation | null>(null);
  const pickedModels = signal<Partial<Record<AiOperation, string>>>({});
  const prompt = signal("");
  const pickedImageFrom = signal<ImageFrom | null>(null);
  const imageUrl = signal("");
  /**
   * True from a click until the submission has been answered (its run leaves "submitting"): a second
   * click meanwhile would be a second submission with a second key, and a second charge.
   */
  const sending = signal(false);
  /** What stopped the last attempt before anything was sent (e.g. an asset without a public preview). */
  const problem = signal<string | null>(null);

  /**
   * The picked operation while it can run, else vectorize when it can, else the first that can run
   * here, else the first offered (the tab then shows why nothing runs instead of a form).
   */
  const operation = computed<AiOperation | null>(() => {
    const listed = catalogue.operations.value;
    const runs = listed
      .filter((o) => aiGroupOf(o, catalogue.models.value) === "ready")
      .map((o) => o.operation);
    const choice = picked.value;
    if (choice && runs.includes(choice)) return choice;
    if (runs.includes("vectorize")) return "vectorize";
    return runs[0] ?? listed[0]?.operation ?? null;
  });
  /** Nothing offered can run here: the tab's empty state says why and offers the fix. */
  const unavailable = computed(() => aiUnavailable(catalogue.operations.value, catalogue.models.value));
  const entry = computed(() => (operation.value ? catalogue.entryOf(operation.value) : undefined));
  const models = computed(() => (operation.value ? modelsFor(catalogue.models.value, operation.value) : []));
  const model = computed(() => {
    const op = operation.value;
    const offered = models.value;
    const choice = op ? pickedModels.value[op] : undefined;
    return offered.find((m) => m.model === choice) ?? offered[0];
  });
  const imageInput = computed(() => imageInputOf(entry.value, operation.value ?? "text-to-image"));
  const imageSources = computed(() => imageSourcesFor(imageInput.value));
  const imageFrom = computed<ImageFrom>(() => {
    const choice = pickedImageFrom.value;
    return choice && imageSources.value.includes(choice) ? choice : imageSources.value[0]!;
  });
  const hideSource = computed(() => deps.settings.settings.value.hideSourceAfterVectorize);
  const cost = computed(() => (entry.value ? costOf(entry.value, model.value) : undefined));
  /** Why the chosen operation cannot run here at all (plan, or no generator), in a designer's words. */
  const cannotRun = computed(() => {
    const op = operation.value;
    const listed = entry.value;
    return op && listed ? aiCannotRun({ operation: op, entry: listed }, catalogue.models.value) : undefined;
  });

  const choices = computed<AiChoices | null>(() => {
    const op = operation.value;
    if (!op) return null;
    return {
      operation: op,
      imageInput: imageInput.value,
      ...(model.value ? { model: model.value.model } : {}),
      prompt: prompt.value,
      imageFrom: imageFrom.value,
      imageUrl: imageUrl.value,
      hideSource: hideSource.value,
    };
  });

  /** Why the button is off right now, in words shown beside it; null when it can be pressed. */
  const blocker = computed<string | null>(() => {
    const c = choices.value;
    if (!c || !entry.value) return catalogue.status.value === "ready" ? "No AI operation is offered." : null;
    if (cannotRun.value) return cannotRun.value;
    if (isUploadOperation(c.operation)) {
      const source = sourceLayer(c.operation, deps.selection.value);
      return "problem" in source ? source.problem : null;
    }
    const why = generativeProblem(c);
    if (why) return why;
    if (c.imageFrom === "selection") {
      const image = selectionImage(deps.selection.value);
      if (image.kind === "problem") return image.message;
    }
    return null;
  });

  async function request(c: AiChoices): Promise<AiSubmit> {
    if (isUploadOperation(c.operation)) {
      const source = sourceLayer(c.operation, deps.selection.peek());
      if ("problem" in source) throw new Error(source.problem);
      return uploadSubmit(c, source.node);
    }
    if (c.imageFrom === "url") return generativeSubmit(c, { url: c.imageUrl.trim() });
    if (c.imageFrom === "selection") {
      const image = selectionImage(deps.selection.peek());
      if (image.kind === "problem") throw new Error(image.message);
      const node = deps.selection.peek()?.nodes.find((n) => n.id === image.nodeId);
      const url = await imageUrlOfAsset(deps.api(), image.uuid);
      return generativeSubmit(c, { url, ...(node ? { node } : {}) });
    }
    return generativeSubmit(c);
  }

  return {
    operation,
    entry,
    models,
    model,
    prompt,
    imageInput,
    imageSources,
    imageFrom,
    imageUrl,
    hideSource,
    cost,
    cannotRun,
    unavailable,
    blocker,
    sending,
    problem,
    pick(next: AiOperation) {
      batch(() => {
        picked.value = next;
        problem.value = null;
      });
    },
    pickModel(next: string) {
      const op = operation.peek();
      if (op) pickedModels.value = { ...pickedModels.peek(), [op]: next };
    },
    pickImageFrom(next: ImageFrom) {
      pickedImageFrom.value = next;
    },
    /** Kept in the plugin's settings, so the choice holds for the next vectorize and the next session. */
    setHideSource(hide: boolean) {
      void deps.settings.update({ hideSourceAfterVectorize: hide });
    },
    /** Sends the current choices; resolves with the run once it finished, or undefined when nothing was sent. */
    async submit(): Promise<WorkRun | undefined> {
      const c = choices.peek();
      if (!c || sending.peek() || blocker.peek()) return undefined;
      batch(() => {
        sending.value = true;
        problem.value = null;
      });
      let submit: AiSubmit;
      try {
        submit = await request(c);
      } catch (caught) {
        batch(() => {
          problem.value = problemWords(caught);
          sending.value = false;
        });
        return undefined;
      }
      const known = new Set(deps.work.runs.peek().map((r) => r.key));
      const stop = effect(() => {
        const mine = deps.work.runs.value.find((r) => !known.has(r.key));
        if (mine && mine.status !== "submitting") release();
      });
      function release() {
        sending.value = false;
        queueMicrotask(() => stop());
      }
      try {
        return await deps.work.ai(submit);
      } finally {
        release();
      }
    },
  };
}

export type AiStore = ReturnType<typeof createAiStore>;
