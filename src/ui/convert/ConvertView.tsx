// The Convert tab: one of the twelve conversions, its input from the selection or a picked file, its
// parameters, its cost before running (once, beside the button); the runs below with Save and Place.
// The choices live in the tab's store (convert-store.ts); this view only shows them and passes edits
// back.

import { useEffect } from "preact/hooks";
import type { ConversionOperation } from "../../api/contract";
import { Button, Checkbox, NumberField, RadioGroup, SelectField } from "../controls";
import { ReadProblem } from "../errors/ReadProblem";
import { copyFor } from "../errors/reasons";
import { RunFooter } from "../work/RunFooter";
import { WorkRuns, type WorkRunsStores } from "../work/WorkRuns";
import type { ConversionChoice } from "./convert-catalogue";
import { acceptFor } from "./convert-input";
import { conversionName, formatName, sizeName } from "./convert-names";
import { FilePick } from "./FilePick";
import "./convert.css";
import type { ConvertTab } from "./convert-tab";

const PRESETS = ["static", "fade-in", "draw"];

/**
 * A conversion as the dropdown lists it: its name, and whether the plan has it. Its cost is said once,
 * in the footer beside the button that spends it (two places said it twice for the one chosen).
 */
function optionLabel(choice: ConversionChoice): string {
  return `${conversionName(choice.operation)}${choice.available === false ? " · not on your plan" : ""}`;
}

export function ConvertView({ convert, runs }: { convert: ConvertTab; runs: WorkRunsStores }) {
  const { catalogue, store } = convert;
  useEffect(() => catalogue.ensure(), [catalogue]);
  const choice = store.choice.value;
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
        <SelectField
          label="Conversion"
          name="operation"
          value={choice.operation}
          options={catalogue.choices.value.map((c) => [c.operation, optionLabel(c)] as const)}
          onChange={(value) => store.pick(value as ConversionOperation)}
        />
        {/* The dropdown names the conversion; only what it does not say is added under it. */}
        {choice.mode === "async" ? (
          <p class="muted convert__what">Made in the background: the result shows below when ready.</p>
        ) : null}
        {choice.available === false ? (
          <p class="convert__unavailable" data-testid="unavailable">
            Not on your plan{choice.unavailableReason ? `: ${choice.unavailableReason}` : "."}{" "}
            {copyFor("entitlement_required").body({ message: "", proxyUrl: "" })}
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
        {store.sized.value ? (
          <div class="field-row">
            <NumberField
              label="Width (px)"
              name="width"
              hint="Own size"
              value={store.width.value}
              onInput={(v) => {
                store.width.value = v;
              }}
            />
            <NumberField
              label="Height (px)"
              name="height"
              hint="Own size"
              value={store.height.value}
              onInput={(v) => {
                store.height.value = v;
              }}
            />
          </div>
        ) : null}
        {choice.operation === "svg-to-lottie" ? (
          <label class="field">
            <span class="field__label">Animation</span>
            <input
              class="input"
              name="preset"
              list="lottie-presets"
              placeholder="The service's default"
              value={store.preset.value}
              onInput={(e) => {
                store.preset.value = e.currentTarget.value;
              }}
            />
            <datalist id="lottie-presets">
              {PRESETS.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </label>
        ) : null}
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
            Convert to {formatName(choice.output)}
          </Button>
        </RunFooter>
      </div>
      <WorkRuns stores={runs} family="convert" />
    </section>
  );
}
