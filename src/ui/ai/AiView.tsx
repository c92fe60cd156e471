// The AI tab: pick an operation (vectorize, remove background, smart group, the generators), fill
// in what it takes, see the cost before sending, and follow this tab's runs below.

import type { ReadonlySignal } from "@preact/signals";
import { useEffect } from "preact/hooks";
import type { SelectionInfo } from "../../messages/types";
import { StartLabel } from "../batch/BatchButtons";
import { aiBatchFor, batchButtonLabel, batchSourceWords } from "../batch/batch-offer";
import type { BatchStore } from "../batch/batch-types";
import { Button, EmptyState } from "../controls";
import { ReadProblem } from "../errors/ReadProblem";
import { RunFooter } from "../work/RunFooter";
import { WorkRuns, type WorkRunsStores } from "../work/WorkRuns";
import { AI_DESCRIPTIONS, AI_LABELS, isUploadOperation } from "./ai-operations";
import type { AiTab } from "./ai-tab";
import { GenerateFields } from "./GenerateFields";
import { OperationPicker } from "./OperationPicker";
import { UploadFields } from "./UploadFields";

/** What the AI tab reads: its catalogue and form, the canvas selection, and the runs with the meter. */
export interface AiViewStores {
  ai: AiTab;
  selection: ReadonlySignal<SelectionInfo | null>;
  runs: WorkRunsStores;
  /** Vectorize and Remove background on several layers become a batch, planned before anything is spent. */
  batch: Pick<BatchStore, "makePlan" | "planning">;
  /** Opens Settings on the connection: the fix offered when nothing here can run. */
  openSettings(): void;
}

function CatalogueProblem({ catalogue }: { catalogue: AiTab["catalogue"] }) {
  return (
    <ReadProblem
      error={catalogue.error.value}
      what="The AI operations could not be listed."
      onRetry={() => void catalogue.reload()}
    />
  );
}

function AiForm({ ai, selection: selected, runs, batch, openSettings }: AiViewStores) {
  const { catalogue, store } = ai;
  const operation = store.operation.value;
  const unavailable = store.unavailable.value;
  // Nothing offered can run here: no form that cannot work, but why, and the way to fix it. The
  // picker stays above it, so the designer still sees every operation the service lists and why
  // each cannot run, and can switch the moment one can (no dead end without a way back).
  if (unavailable) {
    return (
      <>
        <div class="ai__form ai__form--picker-only">
          <OperationPicker store={store} catalogue={catalogue} />
        </div>
        <EmptyState title={unavailable.title} body={unavailable.body} testId="ai-unavailable">
          <Button variant="secondary" onClick={openSettings}>
            Open connection settings
          </Button>
        </EmptyState>
      </>
    );
  }
  if (!operation) {
    const status = catalogue.status.value;
    if (status === "failed") return <CatalogueProblem catalogue={catalogue} />;
    return status === "ready" ? (
      <EmptyState title="No AI operation is offered" body="The service lists none for this account." />
    ) : (
      <EmptyState title="Loading the AI operations…" loading />
    );
  }
  const cannotRun = store.cannotRun.value;
  const blocker = store.blocker.value;
  const upload = isUploadOperation(operation);
  const selection = selected.value;
  const batchOp = aiBatchFor(operation, selection);
  const perLayer = store.cost.value;
  if (batchOp && selection) {
    return (
      <div class="ai__form">
        <OperationPicker store={store} catalogue={catalogue} />
        <p class="muted ai__what">{AI_DESCRIPTIONS[operation]}</p>
        {cannotRun ? (
          <p class="work-note" data-testid="ai-cannot-run">
            {cannotRun}
          </p>
        ) : null}
        <p class="muted" data-testid="ai-source">
          {batchSourceWords(selection)}
        </p>
        <RunFooter credits={runs.credits} cost={store.cost.value} each>
          <Button
            data-testid="ai-submit"
            disabled={!!cannotRun || batch.planning.value}
            onClick={() => void batch.makePlan(batchOp)}
          >
            {/* Several layers: the count and the total cost in the button ("Vectorize 3 layers ·
                6 credits"), as the plan's own start button says it. */}
            {selection.count > 1 ? (
              <StartLabel
                op={batchOp}
                count={selection.count}
                total={perLayer === undefined ? undefined : perLayer * selection.count}
              />
            ) : (
              batchButtonLabel(batchOp, selection)
            )}
          </Button>
        </RunFooter>
      </div>
    );
  }
  return (
    <div class="ai__form">
      <OperationPicker store={store} catalogue={catalogue} />
      <p class="muted ai__what">{AI_DESCRIPTIONS[operation]}</p>
      {/* The menu picks only what runs, and the tab shows its empty state when nothing does; should
          the catalogue change under an open form (AI switched off), a calm note says why first. */}
      {cannotRun ? (
        <p class="work-note" data-testid="ai-cannot-run">
          {cannotRun}
        </p>
      ) : null}
      {upload ? (
        <UploadFields store={store} selection={selection} />
      ) : (
        <GenerateFields store={store} selection={selection} />
      )}
      {blocker && !cannotRun && !upload ? (
        <p class="muted" data-testid="ai-blocker">
          {blocker}
        </p>
      ) : null}
      {store.problem.value ? (
        <p class="field__error" role="alert">
          {store.problem.value}
        </p>
      ) : null}
      <RunFooter credits={runs.credits} cost={store.cost.value}>
        <Button
          data-testid="ai-submit"
          disabled={!!blocker || store.sending.value}
          onClick={() => void store.submit()}
        >
          {upload ? AI_LABELS[operation] : "Generate"}
        </Button>
      </RunFooter>
    </div>
  );
}

export function AiView(stores: AiViewStores) {
  const { catalogue } = stores.ai;
  // Asked when the tab shows, and again after the proxy or token changed (ensure() knows).
  useEffect(() => {
    void catalogue.ensure();
  });
  return (
    <section class="ai tab-panel" aria-label="AI">
      <AiForm {...stores} />
      <WorkRuns stores={stores.runs} family="ai" />
    </section>
  );
}
