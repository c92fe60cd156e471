// What an insert costs, in Chromium against the proxy and the local API: the price on the result
// before the click, the meter moved by the insert itself (its re-read held back), and a second
// insert of the same asset neither downloaded nor paid for.
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { canvasNodes } from "./support/nodes";
import { cell, screenshot, searchFor, until } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
let harness: Harness;

const creditsLeft = async (h: Harness) => {
  const text = (await h.ui.locator('[data-testid="credit-meter"]').textContent()) ?? "";
  return Number(/([\d,]+) credits left/.exec(text)?.[1]?.replace(/,/g, "") ?? NaN);
};

describe("credits of an insert", () => {
  it("shows the price, moves the meter at once, and never pays twice for one asset", async () => {
    harness = await e2e.open();
    const { ui, page } = harness;
    await searchFor(harness, e2e.stack, "star");
    await until(() => creditsLeft(harness)).toBeGreaterThan(0);
    const before = await creditsLeft(harness);
    // The cell's tooltip (the window's own) names the price before the click.
    const tipOf = async (index: number) => {
      await cell(ui, index).hover();
      // Two lines (name, set and weights; then the cost), read as one joined by a dot.
      return (await ui.locator('[role="tooltip"] .cell-tip__line').allTextContents()).join(" · ");
    };
    expect(await tipOf(1)).toMatch(/ · 1 credit$/);
    const downloads = () => e2e.stack.count("POST /v3/items/:item/api-download");
    const downloaded = downloads();

    // The credits are not read again until the meter has moved: the insert alone moves it.
    let letThrough: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      letThrough = resolve;
    });
    await page.route("**/v3/credits", async (route) => {
      await held;
      await route.fallback();
    });
    await cell(ui, 1).click();
    await until(() => canvasNodes(harness!).length).toBe(1);
    await until(() => creditsLeft(harness)).toBe(before - 1);
    letThrough();
    await page.unroute("**/v3/credits");
    expect(downloads() - downloaded).toBe(1);

    await until(() => tipOf(1)).toMatch(/ · Already downloaded · no credit$/);
    await cell(ui, 1).click();
    await until(() => canvasNodes(harness!).length).toBe(2);
    await harness.settle();
    expect(downloads() - downloaded).toBe(1);
    expect(await creditsLeft(harness)).toBe(before - 1);
    expect(await ui.locator('[data-testid="credit-meter"]').getAttribute("title")).toContain(
      "Reused 1 download already made this session: 1 credit saved.",
    );

    await cell(ui, 1).click({ button: "right" });
    await until(() => ui.locator('[data-testid="insert-price"]').textContent()).toBe(
      "Already downloaded · no credit",
    );
    await screenshot(harness, "detail-already-downloaded");
    await ui.getByRole("button", { name: "Back to results" }).click();
    await cell(ui, 2).click({ button: "right" });
    await until(() => ui.locator('[data-testid="insert-price"]').textContent()).toBe("1 credit to insert");
    await screenshot(harness, "detail-insert-cost");
  });
});
