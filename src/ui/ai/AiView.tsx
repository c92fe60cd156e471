// The AI tab: pick an operation (vectorize, remove background, smart group, the generators), fill
// in what it takes, see the cost before sending, and follow this tab's runs below.

import { useEffect } from "preact/hooks";
import type { AppState } from "../app-state";
import { Cost } from "../credits/Cost";
import { ReadProblem } from "../errors/ReadProblem";
import { WorkRuns } from "../work/WorkRuns";
import { AI_DESCRIPTIONS, AI_LABELS, isUploadOperation, unavailableWhy } from "./ai-operations";
import { GenerateFields } from "./GenerateFields";
import { OperationPicker } from "./OperationPicker";
import { UploadFields } from "./UploadFields";

function CatalogueProblem({ app }: { app: AppState }) {
  const { catalogue } = app.ai;
  return (
    <ReadProblem
      error={catalogue.error.value}
      what="The AI operations could not be listed."
      onRetry={() => void catalogue.reload()}
    />
  );
}

function AiForm({ app }: { app: AppState }) {
  const { catalogue, store } = app.ai;
  const operation = store.operation.value;
  if (!operation) {
    const status = catalogue.status.value;
    if (status === "failed") return <CatalogueProblem app={app} />;
    return (
      <p class="status">
        {status === "ready" ? "The service offers no AI operation." : "Loading the AI operations…"}
      </p>
    );
  }
  const entry = store.entry.value;
  const unavailable = entry ? unavailableWhy(entry) : undefined;
  const blocker = store.blocker.value;
  const upload = isUploadOperation(operation);
  const selection = app.selection.value;
  return (
    <div class="ai__form">
      <OperationPicker store={store} catalogue={catalogue} />
      <p class="muted ai__what">{AI_DESCRIPTIONS[operation]}</p>
      {unavailable ? (
        <p class="convert__unavailable" data-testid="ai-unavailable">
          {unavailable}
        </p>
      ) : upload ? (
        <UploadFields store={store} selection={selection} />
      ) : (
        <GenerateFields store={store} selection={selection} />
      )}
      <Cost app={app} cost={store.cost.value} />
      {blocker && !unavailable && !upload ? (
        <p class="muted" data-testid="ai-blocker">
          {blocker}
        </p>
      ) : null}
      {store.problem.value ? (
        <p class="field__error" role="alert">
          {store.problem.value}
        </p>
      ) : null}
      <button
        type="button"
        class="button"
        data-testid="ai-submit"
        disabled={!!blocker || store.sending.value}
        onClick={() => void store.submit()}
      >
        {upload ? AI_LABELS[operation] : "Generate"}
      </button>
    </div>
  );
}

export function AiView({ app }: { app: AppState }) {
  const { catalogue } = app.ai;
  // Asked when the tab shows, and again after the proxy or token changed (ensure() knows).
  useEffect(() => {
    void catalogue.ensure();
  });
  return (
    <section class="ai" aria-label="AI">
      <AiForm app={app} />
      <WorkRuns app={app} family="ai" />
    </section>
  );
}
