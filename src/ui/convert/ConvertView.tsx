// The Convert tab: a conversion chosen from a menu that leads with what Figma's own Export cannot
// make, its input from the selection or a picked file, its options as controls, its cost before
// running (once, beside the button); the runs below with Save and Place. The choices live in the
// tab's store (convert-store.ts); this view only shows them and passes edits back. With several
// layers selected and a conversion a batch can do, the same form's one menu stays and
// its button opens the batch's plan ("Convert 3 layers…"), as the AI tab's does.

import { useEffect } from "preact/hooks";
import type { SelectionInfo } from "../../messages/types";
import { batchSourceWords, convertBatchLabel } from "../batch/batch-offer";
import { type BatchOperation, findOperation } from "../batch/batch-operations";
import type { BatchStore } from "../batch/batch-types";
import { Button, Checkbox, RadioGroup } from "../controls";
import { ReadProblem } from "../errors/ReadProblem";
import { OperationMenu } from "../work/OperationMenu";
import { RunFooter } from "../work/RunFooter";
import { WorkRuns, type WorkRunsStores } from "../work/WorkRuns";
import { ConvertOptions } from "./ConvertOptions";
import { CONVERSION_OFF_FORM, convertMenuGroups } from "./convert-groups";
import { acceptFor } from "./convert-input";
import { CONVERSION_WORDS, formatName, sizeName } from "./convert-names";
import { FilePick } from "./FilePick";
import "./convert.css";
import type { ConvertTab } from "./convert-tab";

type BatchStarter = Pick<BatchStore, "makePlan" | "planning">;

/** The form's foot on several layers: what goes, the cost of each, and the button opening the plan. */
function BatchFoot(props: {
  op: BatchOperation;
  selection: SelectionInfo;
  batch: BatchStarter;
  runs: WorkRunsStores;
  cost: number | undefined;
  disabled: boolean;
}) {
  return (
    <>
      <p class="muted" data-testid="convert-source">
        {batchSourceWords(props.selection)}
      </p>
      <RunFooter credits={props.runs.credits} cost={props.cost} each>
        <Button
          data-testid="convert-submit"
          disabled={props.disabled || props.batch.planning.value}
          onClick={() => void props.batch.makePlan(props.op)}
        >
          {convertBatchLabel(props.selection)}
        </Button>
      </RunFooter>
    </>
  );
}

export function ConvertView({
  convert,
  runs,
  batch,
}: {
  convert: ConvertTab;
  runs: WorkRunsStores;
  batch: BatchStarter;
}) {
  const { catalogue, store } = convert;
  useEffect(() => catalogue.ensure(), [catalogue]);
  const choice = store.choice.value;
  const words = CONVERSION_WORDS[choice.operation];
  const format = store.format.value;
  const fromFile = store.fromFile.value;
  const layer = store.layer.value;
  const maxKb = catalogue.maxUploadKb.value;
  const article = choice.input === "svg" ? "An" : "A";
  const selection = convert.selection.value;
  // Several layers only: one frame selected is one picture to convert (an icon, a card), as Figma's
  // Export takes it, not the layers inside it.
  const batchOp = selection && selection.count > 1 ? findOperation("convert", choice.operation) : undefined;

  return (
    <section class="convert tab-panel" aria-label="Convert">
      <div class="convert__form">
        <ReadProblem
          error={catalogue.error.value}
          what="The costs and what your plan allows are not known."
          onRetry={() => void catalogue.load()}
        />
        <OperationMenu
          label="Conversion"
          class="convert-operation"
          testId="convert-operation"
          current={choice.operation}
          groups={convertMenuGroups(catalogue.choices.value)}
          onPick={(next) => store.pick(next)}
        />
        <p class="muted convert__what" data-testid="convert-what">
          {words.what}
        </p>
        {choice.available === false ? (
          <p class="work-note" data-testid="unavailable">
            {CONVERSION_OFF_FORM}
          </p>
        ) : null}
        {batchOp && selection ? (
          <BatchFoot
            op={batchOp}
            selection={selection}
            batch={batch}
            runs={runs}
            cost={choice.cost}
            disabled={choice.available === false}
          />
        ) : null}
        {!batchOp && format ? (
          <RadioGroup
            label="Input"
            name="source"
            value={fromFile ? "file" : "selection"}
            onChange={(value) => {
              store.source.value = value;
            }}
            options={[
              {
                value: "selection",
                label: (
                  <>
                    Selection as {format}
                    {!fromFile ? (
                      <span class="muted">
                        {!layer
                          ? " · select a layer on the canvas"
                          : store.notVector.value
                            ? " · select a vector layer"
                            : ` · “${layer.name}”`}
                      </span>
                    ) : null}
                  </>
                ),
              },
              { value: "file", label: `${article} ${formatName(choice.input)} file` },
            ]}
          />
        ) : null}
        {!batchOp && fromFile ? (
          <FilePick
            kind={formatName(choice.input)}
            article={article === "An" ? "an" : "a"}
            accept={acceptFor(choice.input)}
            label={`${formatName(choice.input)} file${maxKb !== undefined ? ` (up to ${sizeName(maxKb)})` : ""}`}
            file={store.file.value}
            onPick={(file) => {
              store.file.value = file;
            }}
          />
        ) : null}
        {!batchOp && store.notVector.value && layer ? (
          <p class="work-note" data-testid="convert-not-vector">
            “{layer.name}” is an image, not a vector. Select a vector layer, or use {article.toLowerCase()}{" "}
            {formatName(choice.input)} file.
          </p>
        ) : null}
        {!batchOp && store.tooBig.value ? (
          <p class="field__error" role="alert">
            This file is larger than the plan's {maxKb === undefined ? "" : `${sizeName(maxKb)} `}upload
            limit.
          </p>
        ) : null}
        {batchOp ? null : <ConvertOptions store={store} />}
        {!batchOp && store.placeable.value ? (
          <Checkbox
            name="place"
            checked={store.place.value}
            onChange={(checked) => {
              store.place.value = checked;
            }}
          >
            Place the result on the canvas
          </Checkbox>
        ) : null}
        {batchOp ? null : (
          <RunFooter credits={runs.credits} cost={choice.cost}>
            <Button disabled={!store.ready.value} onClick={() => void store.run()}>
              {/* The job's own verb: what the click does, in the designer's words. */}
              Convert to {words.to}
            </Button>
          </RunFooter>
        )}
      </div>
      <WorkRuns stores={runs} family="convert" />
    </section>
  );
}
