// @vitest-environment happy-dom
// The Convert tab's file field mounted alone: a drop zone that is its own button and, once taken, the
// file's name with a button removing it, not the browser's "Choose File"; a file dropped on it taken
// when it is of the kind asked for, refused by name if not.
import { render } from "preact";
import { useState } from "preact/hooks";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { sizeName } from "../../../src/ui/convert/convert-names";
import { acceptsFile, FilePick } from "../../../src/ui/convert/FilePick";

const SVG_ACCEPT = ".svg,image/svg+xml";

function mount() {
  const picked: (File | null)[] = [];
  const container = document.createElement("div");
  document.body.append(container);
  const Field = () => {
    const [file, setFile] = useState<File | null>(null);
    return (
      <FilePick
        kind="SVG"
        article="an"
        accept={SVG_ACCEPT}
        label="SVG file"
        file={file}
        onPick={(f) => {
          picked.push(f);
          setFile(f);
        }}
      />
    );
  };
  render(<Field />, container);
  const drop = (file: File) =>
    act(() => {
      const event = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(event, "dataTransfer", { value: { files: [file], types: ["Files"] } });
      container.querySelector(".file-pick")!.dispatchEvent(event);
    });
  return { container, picked, drop };
}

describe("the file to convert", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("names an upload limit as designers read file sizes", () => {
    expect([64, 1000, 1024, 1536, 5120].map(sizeName)).toEqual([
      "64 KB",
      "1,000 KB",
      "1 MB",
      "1.5 MB",
      "5 MB",
    ]);
  });

  it("reads a file's kind by its extension or its type", () => {
    expect(acceptsFile(SVG_ACCEPT, { name: "Logo.SVG", type: "" })).toBe(true);
    expect(acceptsFile(SVG_ACCEPT, { name: "logo", type: "image/svg+xml" })).toBe(true);
    expect(acceptsFile(SVG_ACCEPT, { name: "photo.png", type: "image/png" })).toBe(false);
    expect(acceptsFile(".json,application/json", { name: "slide.json", type: "" })).toBe(true);
  });

  it("opens the dialog from its own button and names the file taken", async () => {
    const { container, drop, picked } = mount();
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    // Out of the tab order and hidden from screen readers: the button is the way in.
    expect([input.tabIndex, input.getAttribute("aria-hidden"), input.className]).toEqual([
      -1,
      "true",
      "visually-hidden",
    ]);
    let opened = 0;
    input.addEventListener("click", () => opened++);
    const choose = () => container.querySelector<HTMLButtonElement>(".file-pick__choose");
    expect(choose()?.textContent).toBe("Drop a file or choose one");
    expect(container.querySelector('[data-testid="file-name"]')).toBeNull();
    await act(() => choose()!.click());
    expect(opened).toBe(1);

    await drop(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    expect(picked.map((f) => f?.name)).toEqual(["logo.svg"]);
    expect(container.querySelector('[data-testid="file-name"]')?.textContent).toBe("logo.svg");
    expect(choose()).toBeNull();
  });

  it("removes the file taken with its own button, and offers the zone again", async () => {
    const { container, drop, picked } = mount();
    await drop(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    const remove = container.querySelector<HTMLButtonElement>('button[aria-label="Remove logo.svg"]')!;
    await act(() => remove.click());
    expect(picked.map((f) => f?.name ?? null)).toEqual(["logo.svg", null]);
    expect(container.querySelector('[data-testid="file-name"]')).toBeNull();
    expect(container.querySelector(".file-pick__choose")?.textContent).toBe("Drop a file or choose one");
  });

  it("refuses a dropped file of another kind by name, and keeps the one it had", async () => {
    const { container, drop, picked } = mount();
    await drop(new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }));
    await drop(new File(["png"], "photo.png", { type: "image/png" }));
    expect(picked.map((f) => f?.name)).toEqual(["logo.svg"]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe("“photo.png” is not an SVG file.");
    expect(container.querySelector('[data-testid="file-name"]')?.textContent).toBe("logo.svg");
  });
});
