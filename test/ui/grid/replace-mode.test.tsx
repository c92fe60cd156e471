// @vitest-environment happy-dom
// In Replace mode a click swaps the selection for the cell's asset: the cell under the pointer or
// the keyboard says so (a swap mark, shown by grid.css on hover and focus) and so does its tip.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/types";
import { Grid, type GridProps } from "../../../src/ui/grid/Grid";
import { makeAssets } from "../support/fake-service";

const noop = () => {};

function mountGrid(items: Asset[], overrides: Partial<GridProps>) {
  const container = document.createElement("div");
  document.body.append(container);
  const props: GridProps = {
    items,
    type: "icon",
    focusIndex: 0,
    busyUuid: null,
    onFocusIndex: noop,
    onInsert: noop,
    onDetail: noop,
    onDragStart: () => "drop-1",
    onDragEnd: noop,
    onNearEnd: noop,
    onExitTop: noop,
    costOf: () => "1 credit",
    ...overrides,
  };
  act(() => render(<Grid {...props} />, container));
  return container;
}

afterEach(() => {
  document.body.innerHTML = "";
});

describe("Replace mode in the grid", () => {
  it("marks the cells as swapping and says so in the tip", () => {
    const container = mountGrid(makeAssets(6), { replacing: true });
    expect(container.querySelector('[role="grid"]')?.classList.contains("grid--replacing")).toBe(true);
    const cell = container.querySelector<HTMLElement>('[data-index="0"]')!;
    expect(cell.querySelector(".cell__swap")).not.toBeNull();
    act(() => cell.focus());
    const tip = container.querySelector('[role="tooltip"]');
    expect(tip?.textContent).toContain("Replaces the selection");
    expect(tip?.textContent).toContain("1 credit");
  });

  it("shows no swap mark when a click inserts", () => {
    const container = mountGrid(makeAssets(6), { replacing: false });
    expect(container.querySelector('[role="grid"]')?.classList.contains("grid--replacing")).toBe(false);
    expect(container.querySelector(".cell__swap")).toBeNull();
    const cell = container.querySelector<HTMLElement>('[data-index="0"]')!;
    act(() => cell.focus());
    expect(container.querySelector('[role="tooltip"]')?.textContent).not.toContain("Replaces");
  });
});
