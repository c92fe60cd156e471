// The Convert tab's rules without a DOM: which input a conversion takes, when Run is ready, what
// a run sends, and what a change of conversion keeps.
import { signal } from "@preact/signals";
import { describe, expect, it, vi } from "vitest";
import type { SelectionInfo } from "../../../src/messages/types";
import { choicesFrom } from "../../../src/ui/convert/convert-catalogue";
import { createConvertStore } from "../../../src/ui/convert/convert-store";
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
  it("opens on what Figma's Export cannot make", () => {
    expect(setup().store.choice.value.operation).toBe("lottie-to-gif");
    // That one not on the plan: the next that can run.
    expect(setup({ lacking: "lottie-to-gif" }).store.choice.value.operation).toBe("lottie-to-mp4");
  });

  it("sends the selection as the conversion's input format once a layer is selected", () => {
    const { store, sent, selection } = setup();
    store.pick("svg-to-png");
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

  it("a picture of an SVG: Figma Export's scales, said and sent in pixels from the layer's own size", () => {
    const { store, sent, selection } = setup();
    store.pick("svg-to-png");
    expect(store.scales.value).toEqual([1, 2, 3, 4]);
    selection.value = layer();
    expect(store.outputSize.value).toEqual({ width: 24, height: 24 });
    void store.run();
    // 1x is the SVG's own size: nothing is named.
    expect(sent[0]).not.toHaveProperty("width");
    store.pickScale(3);
    expect(store.outputSize.value).toEqual({ width: 72, height: 72 });
    void store.run();
    expect(sent[1]).toMatchObject({ operation: "svg-to-png", width: 72, height: 72 });
    // Conversions that take no size offer no scale and send none.
    store.pick("svg-to-pdf");
    expect(store.scales.value).toEqual([]);
    void store.run();
    expect(sent[2]).not.toHaveProperty("width");
  });

  it("a Lottie render: its size from the file's own w and h, scales past the largest edge left out", async () => {
    const { store, sent } = setup();
    store.pick("lottie-to-gif");
    expect(store.scales.value).toEqual([0.25, 0.5, 1, 2]);
    store.file.value = new File(
      [JSON.stringify({ w: 800, h: 600, fr: 30, ip: 0, op: 30, layers: [] })],
      "a.json",
    );
    await vi.waitFor(() => expect(store.ownSize.value).toEqual({ width: 800, height: 600 }));
    // 2x would be 1600 px wide, past the 1,024 px a render takes.
    expect(store.scales.value).toEqual([0.25, 0.5, 1]);
    store.pickScale(2);
    expect(store.scale.value).toBe(1);
    store.pickScale(0.5);
    void store.run();
    expect(sent[0]).toMatchObject({ operation: "lottie-to-gif", width: 400, height: 300 });
    // A render is always sized, 1x too: without one the service picks its own.
    store.pickScale(1);
    void store.run();
    expect(sent[1]).toMatchObject({ width: 800, height: 600 });
  });

  it("SVG to Lottie: the animation is a choice of three, the service's default never named", () => {
    const { store, sent, selection } = setup();
    store.pick("svg-to-lottie");
    selection.value = layer();
    void store.run();
    expect(sent[0]).not.toHaveProperty("preset");
    store.preset.value = "draw";
    void store.run();
    expect(sent[1]).toMatchObject({ operation: "svg-to-lottie", preset: "draw" });
  });

  it("will not run a conversion the plan lacks", () => {
    const { store } = setup({ lacking: "lottie-to-gif" });
    store.pick("lottie-to-gif");
    store.file.value = file("a.json", 10);
    expect(store.choice.value.available).toBe(false);
    expect(store.ready.value).toBe(false);
  });
});
