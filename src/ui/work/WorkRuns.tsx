// The runs of one tab (Convert or AI): what each is, how far it got, its results with Save and Place,
// why it failed and whether it cost anything.

import type { ReadonlySignal } from "@preact/signals";
import { Button, IconButton } from "../controls";
import type { CreditsStore } from "../credits/credits-types";
import { copyFor } from "../errors/reasons";
import { retryHelps } from "../errors/retry-helps";
import type { UiError } from "../errors/ui-error";
import { CloseIcon } from "../icons";
import { isPlaceable } from "./placeable";
import { RunProgress } from "./RunProgress";
import { runElapsed, runStep, statusWords } from "./status-words";
import { useNow } from "./use-now";
import type { WorkResult, WorkRun, WorkStore } from "./work-types";
import "./work.css";

function ErrorWords({ error, stores }: { error: UiError; stores: WorkRunsStores }) {
  const servers = stores.settings?.proxyUrls?.length ?? 1;
  const copy = copyFor(error.reason, { servers });
  const periodEnd = stores.credits.balance.value?.periodEnd;
  return (
    <p class="work-run__error" role="alert">
      <strong>{copy.title}.</strong>{" "}
      {copy.body({
        message: error.message,
        proxyUrl: stores.settings?.proxyUrl.value ?? "",
        servers,
        ...(periodEnd ? { periodEnd } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      })}
    </p>
  );
}

/** "PNG", "SVG": what Save saves, from the file's name, else its type. */
function fileKind(result: WorkResult): string {
  const ext = /\.([a-z0-9]{2,5})$/i.exec(result.fileName)?.[1];
  const kind = ext ?? result.contentType.split("/")[1]?.split(/[+;]/)[0] ?? "file";
  return kind.toUpperCase();
}

function Result({ run, result, stores }: { run: WorkRun; result: WorkResult; stores: WorkRunsStores }) {
  if (result.error) {
    return (
      <li class="work-result work-result--failed" data-result={result.id}>
        <span class="work-result__name">{result.fileName}</span>
        <ErrorWords error={result.error} stores={stores} />
        {run.status !== "failed" ? <span class="work-run__free">Not charged</span> : null}
      </li>
    );
  }
  const placed = (result.placedNodeIds?.length ?? 0) > 0;
  return (
    <li class="work-result" data-result={result.id}>
      <span class="work-result__name">{result.fileName}</span>
      {result.bytes ? (
        <Button variant="secondary" onClick={() => void stores.work.save(run, result)}>
          Save {fileKind(result)}
        </Button>
      ) : null}
      {result.bytes && isPlaceable(result.contentType) && !placed ? (
        <Button variant="secondary" onClick={() => void stores.work.place(run, result)}>
          Place on canvas
        </Button>
      ) : null}
      {placed ? <span class="work-result__placed">Placed on the canvas</span> : null}
    </li>
  );
}

/** The stores the runs read: the work core, the meter (for the period's end) and the connection. */
export interface WorkRunsStores {
  work: WorkStore;
  credits: CreditsStore;
  /** For words that name the server (an unreachable one) and whether another can be chosen. */
  settings?: { proxyUrl: ReadonlySignal<string>; proxyUrls?: readonly string[] };
}

export function WorkRuns({ stores, family }: { stores: WorkRunsStores; family: WorkRun["family"] }) {
  const runs = stores.work.runs.value.filter((run) => run.family === family);
  const now = useNow(runs.some((run) => runStep(run) !== undefined));
  if (runs.length === 0) return null;
  return (
    <ul class="work-runs" aria-label="Work" aria-live="polite">
      {runs.map((run) => {
        const over = run.status === "done" || run.status === "failed";
        const step = runStep(run);
        const elapsed = runElapsed(run, now);
        return (
          <li key={run.key} class={`work-run work-run--${run.status}`} data-key={run.key}>
            <div class="work-run__head">
              <span class="work-run__label">{run.label}</span>
              <span class="work-run__status" data-testid="work-status">
                {statusWords(run)}
                {/* Ticks every second: kept out of the list's live region, or it would be read out each time. */}
                {elapsed ? (
                  <span class="work-run__elapsed" aria-hidden="true" data-testid="work-elapsed">
                    {` · ${elapsed}`}
                  </span>
                ) : null}
              </span>
              {over ? (
                <IconButton label={`Dismiss ${run.label}`} onClick={() => stores.work.dismiss(run.key)}>
                  <CloseIcon />
                </IconButton>
              ) : null}
            </div>
            {step !== undefined ? <RunProgress step={step} /> : null}
            {run.error ? <ErrorWords error={run.error} stores={stores} /> : null}
            {run.status === "failed" &&
            run.error &&
            retryHelps(run.error.reason) &&
            stores.work.canRunAgain(run.key) ? (
              <Button
                variant="secondary"
                class="work-run__again"
                onClick={() => void stores.work.runAgain(run.key)}
              >
                Run again
              </Button>
            ) : null}
            {run.notCharged ? <span class="work-run__free">Not charged</span> : null}
            {/* What a finished run cost is said in its status ("Background removed · 2 credits"). */}
            {run.results.length ? (
              <ul class="work-results">
                {run.results.map((result) => (
                  <Result key={result.id} run={run} result={result} stores={stores} />
                ))}
              </ul>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
