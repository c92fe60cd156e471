// The Convert tab's choices (conversion, input from the selection or a picked file, scale, Lottie
// preset, place on the canvas) and the one action that sends them to the work core. Like the AI
// tab's store: the view only reads and sets these, so the rules are tested without a DOM.

import { batch, computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { SVG_LOTTIE_PRESETS, type SvgLottiePreset } from "../../api/client/conversion-options";
import type { ConversionOperation } from "../../api/contract/tables";
import type { SelectionInfo } from "../../messages/types";
import { isPlaceableFormat } from "../work/placeable";
import type { ConversionSubmit, WorkRun } from "../work/work-types";
import type { ConvertCatalogue } from "./convert-catalogue";
import { firstConversion } from "./convert-groups";
import { onlyAnImage, selectionFormat } from "./convert-input";
import { fileOwnSize, type PixelSize, scaled, scalesThatFit } from "./own-size";

export interface ConvertStoreDeps {
  catalogue: Pick<ConvertCatalogue, "choices" | "maxUploadKb">;
  selection: ReadonlySignal<SelectionInfo | null>;
  work: { convert(submit: ConversionSubmit): Promise<WorkRun> };
}

export function createConvertStore(deps: ConvertStoreDeps) {
  const { catalogue } = deps;
  const picked = signal<ConversionOperation | null>(null);
  const source = signal<"selection" | "file">("selection");
  const file = signal<File | null>(null);
  /** The scale asked for; the one used is the nearest the service takes (see `scale`). */
  const pickedScale = signal(1);
  const preset = signal<SvgLottiePreset>(SVG_LOTTIE_PRESETS[0]);
  const place = signal(true);
  /** The picked file's own size, read when it is picked; undefined while unread or when it says none. */
  const fileSize = signal<PixelSize | undefined>(undefined);

  /** The picked conversion as the catalogue offers it; before a pick, the menu's first. */
  const choice = computed(() => {
    const choices = catalogue.choices.value;
    const operation = picked.value ?? firstConversion(choices);
    return choices.find((c) => c.operation === operation) ?? choices[0]!;
  });
  const operation = computed(() => choice.value.operation);
  /** The format the selection is exported in for this conversion, if a layer can be its input. */
  const format = computed(() => selectionFormat(choice.value.input));
  const fromFile = computed(() => format.value === undefined || source.value === "file");
  const layer = computed(() => deps.selection.value?.nodes.find((n) => n.exportable));
  /** The conversion takes a vector and the selected layer is only a picture: it cannot be the input. */
  const notVector = computed(() => {
    const node = layer.value;
    return format.value === "SVG" && !fromFile.value && node !== undefined && onlyAnImage(node);
  });
  const tooBig = computed(() => {
    const maxKb = catalogue.maxUploadKb.value;
    const chosen = file.value;
    return fromFile.value && chosen !== null && maxKb !== undefined && chosen.size > maxKb * 1024;
  });
  /** The source's own size in pixels: the layer's, or the picked file's. */
  const ownSize = computed<PixelSize | undefined>(() => {
    if (fromFile.value) return fileSize.value;
    const node = layer.value;
    return node ? { width: node.width, height: node.height } : undefined;
  });
  /** Scales this conversion takes for this source ([] when it takes no size). */
  const scales = computed(() => scalesThatFit(operation.value, ownSize.value));
  const scale = computed(() => {
    const offered = scales.value;
    if (offered.includes(pickedScale.value)) return pickedScale.value;
    // The nearest the service takes: a 2x that would pass its largest edge becomes the largest that fits.
    return offered.reduce<number | undefined>(
      (best, s) =>
        best === undefined || Math.abs(s - pickedScale.value) < Math.abs(best - pickedScale.value) ? s : best,
      undefined,
    );
  });
  /** The size sent: the source's own times the scale; undefined sends none (the service's own choice). */
  const outputSize = computed(() => {
    const own = ownSize.value;
    const s = scale.value;
    return own && s !== undefined ? scaled(own, s) : undefined;
  });
  /** Results Figma can show go on the canvas when asked. */
  const placeable = computed(() => isPlaceableFormat(choice.value.output));
  const ready = computed(
    () =>
      choice.value.available !== false &&
      !tooBig.value &&
      (fromFile.value ? file.value !== null : layer.value !== undefined && !notVector.value),
  );

  // The file's own size is read once per picked file (and per input format: an SVG and a Lottie
  // file say it differently); a later pick wins over a slow earlier read.
  effect(() => {
    const chosen = file.value;
    const input = choice.value.input;
    fileSize.value = undefined;
    if (!chosen) return;
    void fileOwnSize(chosen, input).then(
      (size) => {
        if (file.peek() === chosen) fileSize.value = size;
      },
      () => undefined,
    );
  });

  return {
    operation,
    source,
    file,
    preset,
    place,
    choice,
    format,
    fromFile,
    layer,
    notVector,
    tooBig,
    ownSize,
    scales,
    scale,
    outputSize,
    placeable,
    ready,
    /** Another conversion; a picked file of another input format would only be refused, so it goes. */
    pick(next: ConversionOperation) {
      const was = choice.peek().input;
      batch(() => {
        picked.value = next;
        if (catalogue.choices.peek().find((c) => c.operation === next)?.input !== was) file.value = null;
      });
    },
    pickScale(next: number) {
      pickedScale.value = next;
    },
    /** Sends the choices as one conversion run; nothing when they are not ready. */
    run(): Promise<WorkRun> | undefined {
      if (!ready.peek()) return undefined;
      const c = choice.peek();
      const chosen = file.peek();
      // A picture of an SVG at 1x is its own size without saying so (the spec names a size only for
      // Lottie renders); a render is sized always, since without one the service picks its own.
      const size = c.mode === "sync" && scale.peek() === 1 ? undefined : outputSize.peek();
      // The service's default preset is never named: see SVG_LOTTIE_PRESETS.
      const lottiePreset =
        c.operation === "svg-to-lottie" && preset.peek() !== SVG_LOTTIE_PRESETS[0]
          ? preset.peek()
          : undefined;
      return deps.work.convert({
        operation: c.operation,
        input:
          fromFile.peek() && chosen
            ? { kind: "file", file: chosen }
            : { kind: "selection", format: format.peek() ?? "PNG" },
        ...(size ? { width: size.width, height: size.height } : {}),
        ...(lottiePreset ? { preset: lottiePreset } : {}),
        place: placeable.peek() && place.peek(),
      });
    },
  };
}

export type ConvertStore = ReturnType<typeof createConvertStore>;
