// The Convert tab: one of the twelve conversions, its input from the selection or a picked file, its
// parameters, its cost before running; the runs below with Save and Place.

import { useEffect, useState } from "preact/hooks";
import type { ConversionOperation } from "../../api/contract";
import type { AppState } from "../app-state";
import { Cost } from "../credits/Cost";
import { ReadProblem } from "../errors/ReadProblem";
import { copyFor } from "../errors/reasons";
import { isPlaceableFormat } from "../work/placeable";
import { WorkRuns } from "../work/WorkRuns";
import type { ConversionChoice } from "./convert-catalogue";
import { acceptFor, selectionFormat, takesSize } from "./convert-input";

const PRESETS = ["static", "fade-in", "draw"];

function optionLabel(choice: ConversionChoice): string {
  const cost =
    choice.cost === undefined ? "" : ` · ${choice.cost} ${choice.cost === 1 ? "credit" : "credits"}`;
  return `${choice.operation}${cost}${choice.available === false ? " · not on your plan" : ""}`;
}

const whole = (text: string): number | undefined => {
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) && n > 0 ? n : undefined;
};

function CatalogueProblem({ app }: { app: AppState }) {
  return (
    <ReadProblem
      error={app.convert.error.value}
      what="The costs and what your plan allows are not known."
      onRetry={() => void app.convert.load()}
    />
  );
}

/** A render's width or height; empty keeps the source's own size. */
function SizeField(props: { label: string; name: string; value: string; onInput(value: string): void }) {
  return (
    <label class="field">
      <span class="field__label">{props.label}</span>
      <input
        class="input"
        name={props.name}
        type="number"
        min={1}
        placeholder="Own size"
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
      />
    </label>
  );
}

export function ConvertView({ app }: { app: AppState }) {
  const catalogue = app.convert;
  useEffect(() => catalogue.ensure(), [catalogue]);
  const [operation, setOperation] = useState<ConversionOperation>("svg-to-png");
  const [source, setSource] = useState<"selection" | "file">("selection");
  const [file, setFile] = useState<File | null>(null);
  const [width, setWidth] = useState("");
  const [height, setHeight] = useState("");
  const [preset, setPreset] = useState("");
  const [place, setPlace] = useState(true);

  const choices = catalogue.choices.value;
  const choice = choices.find((c) => c.operation === operation) ?? choices[0]!;
  const format = selectionFormat(choice.input);
  const fromFile = format === undefined || source === "file";
  const selection = app.selection.value;
  const layer = selection?.nodes.find((n) => n.exportable);
  const maxKb = catalogue.maxUploadKb.value;
  const tooBig = fromFile && file !== null && maxKb !== undefined && file.size > maxKb * 1024;
  const sized = takesSize(choice.mode);
  // Results Figma can show go on the canvas when asked.
  const placeable = isPlaceableFormat(choice.output);
  const ready = choice.available !== false && !tooBig && (fromFile ? file !== null : layer !== undefined);

  function pick(next: ConversionOperation) {
    const was = choice.input;
    setOperation(next);
    // A picked file of another format would only be refused.
    if (choices.find((c) => c.operation === next)?.input !== was) setFile(null);
  }

  function run() {
    if (!ready) return;
    const w = sized ? whole(width) : undefined;
    const h = sized ? whole(height) : undefined;
    void app.work.convert({
      operation,
      input: fromFile && file ? { kind: "file", file } : { kind: "selection", format: format ?? "PNG" },
      ...(w === undefined ? {} : { width: w }),
      ...(h === undefined ? {} : { height: h }),
      ...(operation === "svg-to-lottie" && preset.trim() ? { preset: preset.trim() } : {}),
      place: placeable && place,
    });
  }

  return (
    <section class="convert" aria-label="Convert">
      <div class="convert__form">
        <CatalogueProblem app={app} />
        <label class="field">
          <span class="field__label">Conversion</span>
          <select
            class="select"
            name="operation"
            value={operation}
            onChange={(e) => pick(e.currentTarget.value as ConversionOperation)}
          >
            {choices.map((c) => (
              <option key={c.operation} value={c.operation}>
                {optionLabel(c)}
              </option>
            ))}
          </select>
        </label>
        <p class="muted convert__what">
          {choice.input.toUpperCase()} to {choice.output.toUpperCase()}
          {choice.mode === "async" ? ", rendered in the background" : ""}
        </p>
        {choice.available === false ? (
          <p class="convert__unavailable" data-testid="unavailable">
            Not on your plan{choice.unavailableReason ? `: ${choice.unavailableReason}` : "."}{" "}
            {copyFor("entitlement_required").body({ message: "", proxyUrl: "" })}
          </p>
        ) : null}
        {format ? (
          <div class="convert__source" role="radiogroup" aria-label="Input">
            <label class="check">
              <input type="radio" name="source" checked={!fromFile} onChange={() => setSource("selection")} />
              Selection as {format}
              {!fromFile ? (
                <span class="muted">{layer ? ` · “${layer.name}”` : " · select a layer on the canvas"}</span>
              ) : null}
            </label>
            <label class="check">
              <input type="radio" name="source" checked={fromFile} onChange={() => setSource("file")} />
              {choice.input === "svg" ? "An" : "A"} {choice.input.toUpperCase()} file
            </label>
          </div>
        ) : null}
        {fromFile ? (
          <label class="field">
            <span class="field__label">
              {choice.input === "json" ? "Lottie JSON file" : `${choice.input.toUpperCase()} file`}
              {maxKb !== undefined ? ` (up to ${maxKb.toLocaleString("en")} KB)` : ""}
            </span>
            <input
              class="input"
              type="file"
              name="file"
              accept={acceptFor(choice.input)}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </label>
        ) : null}
        {tooBig ? (
          <p class="field__error" role="alert">
            This file is larger than the plan's {maxKb?.toLocaleString("en")} KB upload limit.
          </p>
        ) : null}
        {sized ? (
          <div class="filters__row">
            <SizeField label="Width (px)" name="width" value={width} onInput={setWidth} />
            <SizeField label="Height (px)" name="height" value={height} onInput={setHeight} />
          </div>
        ) : null}
        {operation === "svg-to-lottie" ? (
          <label class="field">
            <span class="field__label">Preset</span>
            <input
              class="input"
              name="preset"
              list="lottie-presets"
              placeholder="The service's default"
              value={preset}
              onInput={(e) => setPreset(e.currentTarget.value)}
            />
            <datalist id="lottie-presets">
              {PRESETS.map((p) => (
                <option key={p} value={p} />
              ))}
            </datalist>
          </label>
        ) : null}
        {placeable ? (
          <label class="check">
            <input
              type="checkbox"
              name="place"
              checked={place}
              onChange={(e) => setPlace(e.currentTarget.checked)}
            />
            Place the result on the canvas
          </label>
        ) : null}
        <Cost app={app} cost={choice.cost} />
        <button type="button" class="button" disabled={!ready} onClick={run}>
          Run
        </button>
      </div>
      <WorkRuns app={app} family="convert" />
    </section>
  );
}
