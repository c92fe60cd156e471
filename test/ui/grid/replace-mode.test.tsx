// @vitest-environment happy-dom
// In Replace mode a click swaps the selection for the cell's asset: the cell under the pointer or
// the keyboard says so (a swap mark, shown by grid.css on hover and focus) and so does its tip.
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import type { GridProps } from "../../../src/ui/grid/Grid";
import { makeAssets } from "../support/fake-service";
import { mountGridView } from "../support/mount-grid";

/** A cell costs a credit here, so the tip has a second line beside the swap. */
const mountGrid = (items: Asset[], overrides: Partial<GridProps>) =>
  mountGridView(items, { costOf: () => "1 credit", ...overrides });

afterEach(() => {
  document.body.innerHTML = "";
});

describe("Replace mode in the grid", () => {
  it("marks the cells as swapping and says so in the tip", async () => {
    const container = await mountGrid(makeAssets(6), { replacing: true });
    expect(container.querySelector('[role="grid"]')?.classList.contains("grid--replacing")).toBe(true);
    const cell = container.querySelector<HTMLElement>('[data-index="0"]')!;
    expect(cell.querySelector(".cell__swap")).not.toBeNull();
    act(() => cell.focus());
    const tip = container.querySelector('[role="tooltip"]');
    expect(tip?.textContent).toContain("Replaces the selection");
    expect(tip?.textContent).toContain("1 credit");
  });

  it("shows no swap mark when a click inserts", async () => {
    const container = await mountGrid(makeAssets(6), { replacing: false });
    expect(container.querySelector('[role="grid"]')?.classList.contains("grid--replacing")).toBe(false);
    expect(container.querySelector(".cell__swap")).toBeNull();
    const cell = container.querySelector<HTMLElement>('[data-index="0"]')!;
    act(() => cell.focus());
    expect(container.querySelector('[role="tooltip"]')?.textContent).not.toContain("Replaces");
  });
});
