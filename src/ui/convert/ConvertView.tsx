// The Convert tab: a conversion chosen from a menu that leads with what Figma's own Export cannot
// make, its input from the selection or a picked file, its options as controls, its cost before
// running (once, beside the button); the runs below with Save and Place. The choices live in the
// tab's store (convert-store.ts); this view only shows them and passes edits back.

import { useEffect } from "preact/hooks";
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

export function ConvertView({ convert, runs }: { convert: ConvertTab; runs: WorkRunsStores }) {
  const { catalogue, store } = convert;
  useEffect(() => catalogue.ensure(), [catalogue]);
  const choice = store.choice.value;
  const words = CONVERSION_WORDS[choice.operation];
  const format = store.format.value;
  const fromFile = store.fromFile.value;
  const layer = store.layer.value;
  const maxKb = catalogue.maxUploadKb.value;
  const article = choice.input === "svg" ? "An" : "A";

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
        {format ? (
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
                        {layer ? ` · “${layer.name}”` : " · select a layer on the canvas"}
                      </span>
                    ) : null}
                  </>
                ),
              },
              { value: "file", label: `${article} ${formatName(choice.input)} file` },
            ]}
          />
        ) : null}
        {fromFile ? (
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
        {store.tooBig.value ? (
          <p class="field__error" role="alert">
            This file is larger than the plan's {maxKb === undefined ? "" : `${sizeName(maxKb)} `}upload
            limit.
          </p>
        ) : null}
        <ConvertOptions store={store} />
        {store.placeable.value ? (
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
        <RunFooter credits={runs.credits} cost={choice.cost}>
          <Button disabled={!store.ready.value} onClick={() => void store.run()}>
            {/* The job's own verb: what the click does, in the designer's words. */}
            Convert to {words.to}
          </Button>
        </RunFooter>
      </div>
      <WorkRuns stores={runs} family="convert" />
    </section>
  );
}
