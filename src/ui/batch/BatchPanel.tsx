// Work on the whole selection at once: the plan with its cost before anything is spent, then each
// layer's progress with Stop, Try again and Revert, and Done to close the card. Shown above the AI and
// Convert tabs, whose forms step aside while a card is open (their own main button opens the plan).
// Each row gives the layer's name the row's width: what it costs or where it got goes under it.
import { Button, IconButton } from "../controls";
import type { CreditsStore } from "../credits/credits-types";
import { copyFor } from "../errors/reasons";
import { retryHelps } from "../errors/retry-helps";
import { CloseIcon } from "../icons";
import { RevertAllButton, StartLabel } from "./BatchButtons";
import { operationName } from "./batch-operations";
import type { BatchPlan, BatchRun, BatchStore } from "./batch-types";
import {
  batchTitle,
  credits,
  isBusy,
  layerWords,
  leftOutWords,
  runSummary,
  runTitle,
  skippedWords,
} from "./batch-words";
import { LayerRow } from "./LayerRow";
import "./batch.css";

function Plan({ plan, batch, meter }: { plan: BatchPlan; batch: BatchStore; meter: CreditsStore }) {
  const n = plan.layers.length;
  const name = operationName(plan.op);
  const over = plan.total !== undefined && meter.wouldExceed(plan.total);
  return (
    <section class="batch__plan" aria-label={`${name} plan`}>
      <div class="batch__head">
        <h2 class="batch__title">{batchTitle(plan.op, n)}</h2>
        <IconButton label="Close the plan" onClick={() => batch.dismissPlan()}>
          <CloseIcon />
        </IconButton>
      </div>
      {n > 0 ? (
        <ul class="batch__layers" aria-label="Layers in the batch">
          {plan.layers.map((l) => (
            <LayerRow
              key={l.nodeId}
              thumbs={batch.thumbs}
              nodeId={l.nodeId}
              name={l.name}
              note={plan.costEach === undefined ? undefined : credits(plan.costEach)}
            />
          ))}
        </ul>
      ) : (
        <p class="batch__note">None of the selected layers can be worked on.</p>
      )}
      {plan.leftOut.length ? (
        <>
          <h3 class="batch__subtitle">{skippedWords(plan.leftOut.length)}</h3>
          <ul class="batch__layers batch__layers--out" aria-label="Layers skipped">
            {plan.leftOut.map((l) => (
              <LayerRow
                key={l.nodeId}
                thumbs={batch.thumbs}
                nodeId={l.nodeId}
                name={l.name}
                note={leftOutWords(l.reason, plan.maxUploadKb)}
              />
            ))}
          </ul>
        </>
      ) : null}
      {plan.total !== undefined && n > 0 ? (
        <dl class="batch__sums" data-testid="batch-sums">
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
      {over ? (
        <p class="batch__warning" role="alert">
          This passes what is left of the period's credits: the last layers may be refused (and not charged).
        </p>
      ) : null}
      <div class="batch__actions">
        <Button variant="secondary" onClick={() => batch.dismissPlan()}>
          Cancel
        </Button>
        <Button disabled={n === 0} onClick={() => void batch.start()}>
          <StartLabel op={plan.op} count={n} {...(plan.total === undefined ? {} : { total: plan.total })} />
        </Button>
      </div>
    </section>
  );
}

function Run({ run, batch }: { run: BatchRun; batch: BatchStore }) {
  const running = run.layers.some(isBusy);
  const revertable = run.layers.some((l) => l.status === "done");
  return (
    <section class="batch__run" aria-label="Batch progress">
      <div class="batch__head">
        <h2 class="batch__title">{runTitle(run)}</h2>
        {running ? null : (
          <IconButton label="Close the batch" onClick={() => batch.close()}>
            <CloseIcon />
          </IconButton>
        )}
      </div>
      <p class="batch__summary" aria-live="polite" data-testid="batch-summary">
        {runSummary(run)}
      </p>
      {running ? (
        <progress
          class="progress-bar batch__bar"
          max={run.layers.length}
          value={run.layers.filter((l) => !isBusy(l)).length}
          aria-label="Layers finished"
        />
      ) : null}
      {run.resumed ? <p class="batch__note">Picked up where it stopped when the plugin was closed.</p> : null}
      <ul class="batch__layers" aria-label="Layers in the batch">
        {run.layers.map((l) => (
          <LayerRow
            key={l.nodeId}
            thumbs={batch.thumbs}
            nodeId={l.nodeId}
            name={l.name}
            status={l.status}
            note={layerWords(run.op, l)}
            noteTestId="batch-layer-status"
          >
            {l.status === "done" ? (
              <Button variant="ghost" onClick={() => void batch.revertLayer(l.nodeId)}>
                Revert
              </Button>
            ) : null}
            {l.status === "failed" && l.error && retryHelps(l.error.reason) ? (
              <Button variant="ghost" onClick={() => void batch.retry(l.nodeId)}>
                Try again
              </Button>
            ) : null}
            {l.status === "failed" && l.error ? (
              <span class="batch__why">
                {copyFor(l.error.reason).body({ message: l.error.message, proxyUrl: "" })}
              </span>
            ) : null}
          </LayerRow>
        ))}
      </ul>
      <div class="batch__actions">
        {running ? (
          <Button variant="secondary" onClick={() => batch.cancel()}>
            Stop
          </Button>
        ) : null}
        {!running && revertable ? <RevertAllButton onClick={() => void batch.revertAll()} /> : null}
        {/* The end of every batch, finished or reverted: the card closes and the tab's form comes back. */}
        {running ? null : <Button onClick={() => batch.close()}>Done</Button>}
      </div>
    </section>
  );
}

export function BatchPanel(props: { batch: BatchStore; credits: CreditsStore }) {
  const { batch } = props;
  const run = batch.run.value;
  const plan = batch.plan.value;
  const error = batch.planError.value;
  let body = null;
  if (run && (run.layers.some(isBusy) || !plan)) body = <Run run={run} batch={batch} />;
  else if (plan) body = <Plan plan={plan} batch={batch} meter={props.credits} />;
  else if (batch.planning.value) body = <p class="batch__note">Checking the selected layers…</p>;
  if (!body && !error) return null;
  return (
    <div class="batch" data-testid="batch">
      {error ? (
        <p class="batch__warning" role="alert">
          {copyFor(error.reason).title}. {error.message}
        </p>
      ) : null}
      {body}
    </div>
  );
}
