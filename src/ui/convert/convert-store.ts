// The Convert tab's choices (conversion, input from the selection or a picked file, size, Lottie
// preset, place on the canvas) and the one action that sends them to the work core. Like the AI
// tab's store: the view only reads and sets these, so the rules are tested without a DOM.

import { batch, computed, type ReadonlySignal, signal } from "@preact/signals";
import type { ConversionOperation } from "../../api/contract";
import type { SelectionInfo } from "../../messages/types";
import { isPlaceableFormat } from "../work/placeable";
import type { ConversionSubmit, WorkRun } from "../work/work-types";
import type { ConvertCatalogue } from "./convert-catalogue";
import { selectionFormat, takesSize } from "./convert-input";

export interface ConvertStoreDeps {
  catalogue: Pick<ConvertCatalogue, "choices" | "maxUploadKb">;
  selection: ReadonlySignal<SelectionInfo | null>;
  work: { convert(submit: ConversionSubmit): Promise<WorkRun> };
}

/** A render's width or height as typed: a whole number above 0, else the source's own size. */
export const wholePixels = (text: string): number | undefined => {
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) && n > 0 ? n : undefined;
};

export function createConvertStore(deps: ConvertStoreDeps) {
  const { catalogue } = deps;
  const operation = signal<ConversionOperation>("svg-to-png");
  const source = signal<"selection" | "file">("selection");
  const file = signal<File | null>(null);
  const width = signal("");
  const height = signal("");
  const preset = signal("");
  const place = signal(true);

  /** The picked conversion as the catalogue offers it (the first when the pick is not offered). */
  const choice = computed(() => {
    const choices = catalogue.choices.value;
    return choices.find((c) => c.operation === operation.value) ?? choices[0]!;
  });
  /** The format the selection is exported in for this conversion, if a layer can be its input. */
  const format = computed(() => selectionFormat(choice.value.input));
  const fromFile = computed(() => format.value === undefined || source.value === "file");
  const layer = computed(() => deps.selection.value?.nodes.find((n) => n.exportable));
  const tooBig = computed(() => {
    const maxKb = catalogue.maxUploadKb.value;
    const picked = file.value;
    return fromFile.value && picked !== null && maxKb !== undefined && picked.size > maxKb * 1024;
  });
  const sized = computed(() => takesSize(choice.value.mode));
  /** Results Figma can show go on the canvas when asked. */
  const placeable = computed(() => isPlaceableFormat(choice.value.output));
  const ready = computed(
    () =>
      choice.value.available !== false &&
      !tooBig.value &&
      (fromFile.value ? file.value !== null : layer.value !== undefined),
  );

  return {
    operation,
    source,
    file,
    width,
    height,
    preset,
    place,
    choice,
    format,
    fromFile,
    layer,
    tooBig,
    sized,
    placeable,
    ready,
    /** Another conversion; a picked file of another input format would only be refused, so it goes. */
    pick(next: ConversionOperation) {
      const was = choice.peek().input;
      batch(() => {
        operation.value = next;
        if (catalogue.choices.peek().find((c) => c.operation === next)?.input !== was) file.value = null;
      });
    },
    /** Sends the choices as one conversion run; nothing when they are not ready. */
    run(): Promise<WorkRun> | undefined {
      if (!ready.peek()) return undefined;
      const c = choice.peek();
      const picked = file.peek();
      const w = sized.peek() ? wholePixels(width.peek()) : undefined;
      const h = sized.peek() ? wholePixels(height.peek()) : undefined;
      const lottiePreset = c.operation === "svg-to-lottie" ? preset.peek().trim() : "";
      return deps.work.convert({
        operation: c.operation,
        input:
          fromFile.peek() && picked
            ? { kind: "file", file: picked }
            : { kind: "selection", format: format.peek() ?? "PNG" },
        ...(w === undefined ? {} : { width: w }),
        ...(h === undefined ? {} : { height: h }),
        ...(lottiePreset ? { preset: lottiePreset } : {}),
        place: placeable.peek() && place.peek(),
      });
    },
  };
}

export type ConvertStore = ReturnType<typeof createConvertStore>;
