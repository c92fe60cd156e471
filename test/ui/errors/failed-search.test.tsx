// @vitest-environment happy-dom
// A search that fails, as a designer sees it: the earlier results leave with it (they would read as
// this question's answer), the notice says what happened in plain words, and it offers Try again
// beside the action that fixes the problem.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { failure, type Route, searchRoute } from "../support/fake-service";
import { fakeLayout, mountApp, settle } from "../support/mount";

/** Searches answer until `broken.reason` is set, then fail with it. */
function switchableSearch() {
  const broken: { status: number; reason: string | null } = { status: 500, reason: null };
  const ok = searchRoute(5);
  const route: Route = (url, request) => {
    if (url.pathname !== "/v3/search") return undefined;
    return broken.reason ? failure(broken.status, broken.reason) : ok(url, request);
  };
  return { broken, route };
}

const cells = (root: Element) => root.querySelectorAll('[role="gridcell"]').length;
const buttons = (root: Element | null) =>
  [...(root?.querySelectorAll("button") ?? [])].map((b) => b.getAttribute("aria-label") ?? b.textContent);

describe("a failed search", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("clears the earlier results, explains, and Try again brings results back", async () => {
    const { broken, route } = switchableSearch();
    const ui = await mountApp({ routes: [route] });
    expect(cells(ui.container)).toBe(5);

    broken.reason = "upstream_timeout";
    broken.status = 504;
    await act(() => {
      ui.app.search.query.value = "rocket";
    });
    await settle();
    const alert = () => ui.container.querySelector('[role="alert"]');
    expect(alert()?.getAttribute("data-reason")).toBe("upstream_timeout");
    expect(cells(ui.container)).toBe(0);
    expect(alert()?.textContent).not.toMatch(/proxy|504/i);
    // Nothing to insert while the search has failed: no insert options.
    const bar = () => ui.container.querySelector('[data-testid="insert-bar"]');
    expect(bar()).toBeNull();

    broken.reason = null;
    const retry = [...(alert()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Try again");
    await act(() => retry?.click());
    await settle();
    expect(alert()).toBeNull();
    expect(cells(ui.container)).toBe(5);
    expect(bar()).not.toBeNull();
    ui.unmount();
  });

  it("offers the fix and Try again side by side for a refused token", async () => {
    const { broken, route } = switchableSearch();
    broken.reason = "invalid_credentials";
    broken.status = 401;
    const ui = await mountApp({ routes: [route] });
    const alert = ui.container.querySelector('[role="alert"]');
    expect(buttons(alert)).toEqual(["Try again", "Open settings", "Dismiss"]);
    // Try again leads as the primary button; the fix beside it is secondary.
    const classes = (label: string) =>
      [...(alert?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label)?.className ?? "";
    expect(classes("Try again")).not.toContain("button--secondary");
    expect(classes("Open settings")).toContain("button--secondary");
    ui.unmount();
  });

  it("offers no Try again where trying again cannot help (credits spent)", async () => {
    const { broken, route } = switchableSearch();
    broken.reason = "quota_exhausted";
    broken.status = 429;
    const ui = await mountApp({ routes: [route] });
    const alert = ui.container.querySelector('[role="alert"]');
    expect(alert?.getAttribute("data-reason")).toBe("quota_exhausted");
    expect(buttons(alert)).toEqual(["Dismiss"]);
    ui.unmount();
  });
});
