// @vitest-environment happy-dom
// The price of an insert is on the cell before the click and in the details; once an asset is
// downloaded it says "free", and the meter's tooltip counts what reuse saved.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, expect, it } from "vitest";
import { searchRoute } from "../support/fake-service";
import { fakeLayout, mountApp, settle } from "../support/mount";
import { creditsRoute, downloadRoute, fileRoute, itemRoute } from "../support/routes";

beforeAll(() => fakeLayout());
afterEach(() => {
  document.body.innerHTML = "";
});

const cell = (container: HTMLElement, index: number) =>
  container.querySelector<HTMLElement>(`[data-index="${index}"]`);

/** The cell's tooltip (the window's own, shown on hover), its lines read as one, joined by a dot. */
async function tip(container: HTMLElement, index: number) {
  const el = cell(container, index);
  await act(() => {
    el?.dispatchEvent(new MouseEvent("mouseenter"));
  });
  const lines = document.querySelectorAll('[role="tooltip"] .cell-tip__line');
  const text = [...lines].map((line) => line.textContent).join(" · ");
  await act(() => {
    el?.dispatchEvent(new MouseEvent("mouseleave"));
  });
  return text;
}

it("shows the cost on the cell and in the details, then 'free' once downloaded", async () => {
  const ui = await mountApp({
    routes: [searchRoute(4), creditsRoute("2026-11-30"), itemRoute(), downloadRoute(), fileRoute],
  });
  expect(await tip(ui.container, 1)).toBe("Icon 1 · 1 credit");
  expect(cell(ui.container, 1)?.getAttribute("aria-label")).toBe("Icon 1");
  expect(cell(ui.container, 1)?.getAttribute("aria-description")).toBe("1 credit");

  await act(() => cell(ui.container, 1)?.click());
  await settle();
  expect(await tip(ui.container, 1)).toBe("Icon 1 · Already downloaded · no credit");
  expect(await tip(ui.container, 2)).toBe("Icon 2 · 1 credit");

  await act(() => cell(ui.container, 1)?.click());
  await settle();
  const downloads = ui.service.requests.filter((r) => r.url.endsWith("/api-download"));
  expect(downloads).toHaveLength(1);
  expect(ui.plugin.sentOf("insert")).toHaveLength(2);
  expect(ui.container.querySelector('[data-testid="credit-meter"]')?.getAttribute("title")).toContain(
    "Reused 1 download already made this session: 1 credit saved.",
  );
  // Seen without hovering too.
  expect(ui.container.querySelector('[data-testid="credits-saved"]')?.textContent?.trim()).toBe("1 saved");

  await act(() => {
    cell(ui.container, 2)?.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true }));
  });
  await settle();
  expect(ui.container.querySelector('[data-testid="insert-cost"]')?.textContent).toMatch(
    /^1 credit to insert$/,
  );
  // A free asset's price is not said beside a credit cost: the licence row says what is free.
  expect(ui.container.querySelector('[data-testid="insert-price"]')?.textContent).toBe("1 credit to insert");
  ui.unmount();
});

it("says no price where the service reports no credits", async () => {
  const ui = await mountApp({ routes: [searchRoute(2), downloadRoute(), fileRoute] });
  expect(await tip(ui.container, 0)).toBe("Icon 0");
  ui.unmount();
});
