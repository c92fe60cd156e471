// @vitest-environment happy-dom
// A type the service has none of (the embedded service's AI images): with nothing asked, the window
// says the library has none and what would fill it, with the way to the AI tab, instead of "No AI
// images match these filters" with no filter chosen. A service that has some shows them.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { json, type Route, searchRoute } from "../support/fake-service";
import { fakeLayout, mountApp, settle } from "../support/mount";

/** Answers every search, except those for AI images, which have none. */
const noAiImages: Route = (url, request) => {
  if (url.pathname !== "/v3/search") return undefined;
  if (url.searchParams.get("asset") === "ai-image") return json({ items: { total: 0, data: [] } });
  return searchRoute(5)(url, request);
};

const button = (root: Element | null, label: string) =>
  [...(root?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label);

describe("a type the library has none of", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("says so in a sentence, and leads to the AI tab to make one", async () => {
    const ui = await mountApp({ routes: [noAiImages] });
    await act(() => {
      ui.app.search.asset.value = "ai-image";
    });
    await settle();
    const empty = ui.container.querySelector('[data-testid="empty-type"]');
    expect(empty?.textContent).toContain("No AI images to browse here");
    expect(empty?.textContent).toContain("the AI tab");
    // A designer's words, not the plumbing's ("The service you are connected to").
    expect(empty?.textContent).not.toMatch(/service|connected/i);
    // The field beside the type menu is narrow at 280 px: it no longer repeats "AI images" (cut
    // to "Search AI imag"), which the menu already shows; its spoken name keeps the words.
    const field = ui.container.querySelector<HTMLInputElement>('input[type="search"]');
    expect(field?.placeholder).toBe("Search");
    expect(field?.getAttribute("aria-label")).toBe("Search AI images");
    expect(ui.container.querySelector('[data-testid="no-results"]')).toBeNull();
    await act(() => button(empty, "Open the AI tab")?.click());
    await settle();
    expect(ui.app.view.value).toBe("ai");
    ui.unmount();
  });

  it("keeps the no-results state for words that find nothing", async () => {
    const ui = await mountApp({ routes: [noAiImages] });
    await act(() => {
      ui.app.search.asset.value = "ai-image";
      ui.app.search.query.value = "sunset";
    });
    await settle();
    expect(ui.container.querySelector('[data-testid="no-results"]')?.textContent).toContain(
      "No AI images for \u201csunset\u201d",
    );
    expect(ui.container.querySelector('[data-testid="empty-type"]')).toBeNull();
    ui.unmount();
  });

  it("shows a service's AI images when it has them", async () => {
    const ui = await mountApp({ routes: [searchRoute(5)] });
    await act(() => {
      ui.app.search.asset.value = "ai-image";
    });
    await settle();
    expect(ui.container.querySelector('[data-testid="empty-type"]')).toBeNull();
    expect(ui.container.querySelectorAll('[role="gridcell"]').length).toBeGreaterThan(0);
    ui.unmount();
  });
});
