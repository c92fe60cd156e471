// The Convert tab's rules without a DOM: which input a conversion takes, when Run is ready, what
// a run sends, and what a change of conversion keeps.
import { signal } from "@preact/signals";
import { describe, expect, it } from "vitest";
import type { SelectionInfo } from "../../../src/messages/types";
import { choicesFrom } from "../../../src/ui/convert/convert-catalogue";
import { createConvertStore, wholePixels } from "../../../src/ui/convert/convert-store";
import type { ConversionSubmit, WorkRun } from "../../../src/ui/work/work-types";

function setup(options: { maxUploadKb?: number; selection?: SelectionInfo | null; lacking?: string } = {}) {
  const sent: ConversionSubmit[] = [];
  const choices = signal(
    choicesFrom(
      options.lacking
        ? [{ operation: options.lacking, creditCost: 5, available_on_your_plan: false } as never]
        : [],
    ),
  );
  const selection = signal<SelectionInfo | null>(options.selection ?? null);
  const store = createConvertStore({
    catalogue: { choices, maxUploadKb: signal(options.maxUploadKb) },
    selection,
    work: {
      convert: (submit) => {
        sent.push(submit);
        return Promise.resolve({} as WorkRun);
      },
    },
  });
  return { store, sent, selection };
}

const layer = (exportable = true): SelectionInfo =>
  ({
    count: 1,
    nodes: [{ id: "1:2", name: "Logo", nodeType: "FRAME", width: 24, height: 24, exportable }],
  }) as unknown as SelectionInfo;

const file = (name: string, size: number) => new File(["x".repeat(size)], name);

describe("the Convert store", () => {
  it("sends the selection as the conversion's input format once a layer is selected", () => {
    const { store, sent, selection } = setup();
    expect(store.choice.value.operation).toBe("svg-to-png");
    expect(store.ready.value).toBe(false);
    expect(store.run()).toBeUndefined();
    selection.value = layer();
    expect(store.ready.value).toBe(true);
    void store.run();
    expect(sent).toEqual([
      { operation: "svg-to-png", input: { kind: "selection", format: "SVG" }, place: true },
    ]);
  });

  it("takes a file for Lottie, refuses one above the upload limit, and drops it for another input", () => {
    const { store } = setup({ maxUploadKb: 1 });
    store.pick("lottie-to-gif");
    expect(store.fromFile.value).toBe(true);
    store.file.value = file("big.json", 2048);
    expect(store.tooBig.value).toBe(true);
    expect(store.ready.value).toBe(false);
    store.file.value = file("small.json", 10);
    expect(store.ready.value).toBe(true);
    store.pick("lottie-to-mp4");
    expect(store.file.value?.name).toBe("small.json"); // same input: kept
    store.pick("svg-to-png");
    expect(store.file.value).toBeNull(); // another input: it would only be refused
  });

  it("sends a render's size only when typed as a whole number, and a Lottie preset trimmed", () => {
    const { store, sent } = setup();
    store.pick("lottie-to-mp4");
    store.file.value = file("a.json", 10);
    store.width.value = "640";
    store.height.value = "12.5";
    void store.run();
    expect(sent[0]).toMatchObject({ operation: "lottie-to-mp4", width: 640 });
    expect(sent[0]).not.toHaveProperty("height");
    expect(wholePixels("0")).toBeUndefined();
    expect(wholePixels(" ")).toBeUndefined();
  });

  it("will not run a conversion the plan lacks", () => {
    const { store } = setup({ lacking: "lottie-to-gif" });
    store.pick("lottie-to-gif");
    store.file.value = file("a.json", 10);
    expect(store.choice.value.available).toBe(false);
    expect(store.ready.value).toBe(false);
  });
});
