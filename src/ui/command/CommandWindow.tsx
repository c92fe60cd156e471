// A selection command's own small window (Remove background or Vectorize, from Figma's menu or quick
// actions): it checks the selection, shows what will be done and what it costs, and does nothing until
// the designer confirms; then each layer's step, Stop, and at the end Revert all or Done. Done closes the
// plugin with the outcome as Figma's notice. "Open Assetport" trades it for the whole window.
import type { ComponentChildren } from "preact";
import { useEffect } from "preact/hooks";
import { RevertAllButton, StartLabel } from "../batch/BatchButtons";
import { type BatchOperation, operationName } from "../batch/batch-operations";
import type { BatchPlan, BatchRun, BatchStore } from "../batch/batch-types";
import { credits, isBusy, layers, layerWords, leftOutWords, skippedWords } from "../batch/batch-words";
import { LayerRow } from "../batch/LayerRow";
import { Button } from "../controls";
import type { CreditsStore } from "../credits/credits-types";
import { copyFor } from "../errors/reasons";
import { CheckIcon } from "../icons";
import type { LayerThumbs } from "../layer-thumbs/layer-thumbs";
import { outcome, whatItTakes } from "./command-words";
import "./command.css";

export interface CommandWindowProps {
  op: BatchOperation;
  batch: BatchStore;
  meter: CreditsStore;
  /** Ends the plugin; the message is Figma's notice on the canvas. */
  close: (message?: string) => void;
  /** The whole plugin window, on the tab this work belongs to. */
  openWhole: () => void;
}

function LeftOutList({ plan, thumbs }: { plan: BatchPlan; thumbs: LayerThumbs }) {
  if (plan.leftOut.length === 0) return null;
  return (
    <details class="command__left-out" open={plan.layers.length === 0}>
      <summary>{skippedWords(plan.leftOut.length)}</summary>
      <ul aria-label="Layers skipped">
        {plan.leftOut.map((layer) => (
          <LayerRow
            key={layer.nodeId}
            thumbs={thumbs}
            nodeId={layer.nodeId}
            name={layer.name}
            note={leftOutWords(layer.reason, plan.maxUploadKb)}
          />
        ))}
      </ul>
    </details>
  );
}

/** The window's foot: the step's buttons, on the right. */
function Actions({ children }: { children: ComponentChildren }) {
  return <div class="command__actions">{children}</div>;
}

function Confirm({ op, plan, props }: { op: BatchOperation; plan: BatchPlan; props: CommandWindowProps }) {
  const n = plan.layers.length;
  const name = operationName(op);
  if (n === 0) {
    return (
      <div class="command__body">
        <p class="command__lead">No image layers selected</p>
        <p class="command__hint">
          {whatItTakes(op)}, then run {name} again.
        </p>
        <LeftOutList plan={plan} thumbs={props.batch.thumbs} />
        <Actions>
          <Button onClick={() => props.close()}>Close</Button>
        </Actions>
      </div>
    );
  }
  const over = plan.total !== undefined && props.meter.wouldExceed(plan.total);
  return (
    <div class="command__body">
      <p class="command__lead">
        {layers(n)}
        {plan.costEach !== undefined ? ` · ${credits(plan.costEach)} each` : ""}
      </p>
      <ul class="command__layers command__layers--plan" aria-label="Layers to work on">
        {plan.layers.map((layer) => (
          <LayerRow key={layer.nodeId} thumbs={props.batch.thumbs} nodeId={layer.nodeId} name={layer.name} />
        ))}
      </ul>
      {plan.total !== undefined ? (
        <dl class="command__sums">
          <dt>Total</dt>
          <dd>{credits(plan.total)}</dd>
          {plan.balanceAfter !== undefined ? (
            <>
              <dt>Left after</dt>
              <dd>{credits(Math.max(0, plan.balanceAfter))}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p class="command__hint">Each original is kept, hidden, under its result.</p>
      {over ? (
        <p class="command__warning" role="alert">
          That is more than the credits left this period: the last layers may be refused (and not charged).
        </p>
      ) : null}
      <LeftOutList plan={plan} thumbs={props.batch.thumbs} />
      <Actions>
        <Button variant="secondary" onClick={() => props.close()}>
          Cancel
        </Button>
        <Button onClick={() => void props.batch.start()}>
          <StartLabel op={op} count={n} {...(plan.total === undefined ? {} : { total: plan.total })} />
        </Button>
      </Actions>
    </div>
  );
}

function Progress({ op, run, props }: { op: BatchOperation; run: BatchRun; props: CommandWindowProps }) {
  const running = run.layers.some(isBusy);
  const done = run.layers.filter((l) => l.status === "done").length;
  const total = run.layers.length;
  const revertable = done > 0;
  return (
    <div class="command__body">
      <p class="command__lead" aria-live="polite">
        {running ? `${done} of ${layers(total)} done` : outcome(op, run)}
      </p>
      <progress class="progress-bar" max={total} value={done} aria-label="Layers done" />
      <ul class="command__layers" aria-label="Layers">
        {run.layers.map((layer) => (
          <LayerRow
            key={layer.nodeId}
            thumbs={props.batch.thumbs}
            nodeId={layer.nodeId}
            name={layer.name}
            status={layer.status}
            note={layer.status === "done" ? undefined : layerWords(op, layer)}
          >
            {layer.status === "done" ? (
              <span class="command__step command__step--done" role="img" aria-label="Done">
                <CheckIcon />
              </span>
            ) : null}
            {layer.status === "failed" && !running ? (
              <Button variant="ghost" onClick={() => void props.batch.retry(layer.nodeId)}>
                Try again
              </Button>
            ) : null}
          </LayerRow>
        ))}
      </ul>
      <Actions>
        {running ? (
          <Button variant="secondary" onClick={() => props.batch.cancel()}>
            Stop
          </Button>
        ) : (
          <>
            {revertable ? <RevertAllButton onClick={() => void props.batch.revertAll()} /> : null}
            <Button onClick={() => props.close(outcome(op, run))}>Done</Button>
          </>
        )}
      </Actions>
    </div>
  );
}

export function CommandWindow(props: CommandWindowProps) {
  const { op, batch } = props;
  // The plan is made once, on the selection the command was run on.
  useEffect(() => {
    void batch.makePlan(op);
  }, [batch, op]);
  const run = batch.run.value;
  const plan = batch.plan.value;
  const error = batch.planError.value;
  let body = <p class="command__lead command__lead--quiet">Checking the selected layers…</p>;
  if (run) body = <Progress op={op} run={run} props={props} />;
  else if (error) {
    const words = copyFor(error.reason);
    body = (
      <div class="command__body">
        <p class="command__lead">{words.title}</p>
        <p class="command__hint">{words.body({ message: error.message, proxyUrl: "" })}</p>
        <Actions>
          <Button variant="secondary" onClick={() => props.close()}>
            Close
          </Button>
          <Button onClick={() => void batch.makePlan(op)}>Try again</Button>
        </Actions>
      </div>
    );
  } else if (plan && !batch.planning.value) body = <Confirm op={op} plan={plan} props={props} />;
  return (
    <main class="command" aria-label={operationName(op)}>
      <header class="command__head">
        <h1 class="command__title">{operationName(op)}</h1>
        <button type="button" class="command__whole" onClick={() => props.openWhole()}>
          Open Assetport
        </button>
      </header>
      {body}
    </main>
  );
}
