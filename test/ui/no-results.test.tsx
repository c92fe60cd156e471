// @vitest-environment happy-dom
// A search that finds nothing: the empty state repeats the words asked for and offers the ways out,
// Clear search (back to browsing) and Browse sets (the home, all sets), rather than a bare "Nothing
// found".
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { json, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";

/** Answers every search, except one for `nothing`, which finds no asset. */
function findsNothingFor(nothing: string): Route {
  const some = searchRoute(5);
  return (url, request) => {
    if (url.pathname !== "/v3/search") return undefined;
    if (url.searchParams.get("query") === nothing) return json({ items: { total: 0, data: [] } });
    return some(url, request);
  };
}

const button = (root: Element | null, label: string) =>
  [...(root?.querySelectorAll("button") ?? [])].find((b) => b.textContent === label);

describe("no results", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("names the words asked for, and Clear search and Browse sets lead out of it", async () => {
    const ui = await mountApp({ routes: [findsNothingFor("qqzzxxvv")] });
    await act(() => {
      ui.app.search.query.value = "qqzzxxvv";
    });
    await settle();
    const empty = () => ui.container.querySelector('[data-testid="no-results"]');
    expect(empty()?.textContent).toContain("No icons for \u201cqqzzxxvv\u201d");
    // Nothing to insert: the insert options leave with the results, and come back with them.
    const bar = () => ui.container.querySelector('[data-testid="insert-bar"]');
    expect(bar()).toBeNull();

    await act(() => button(empty(), "Clear search")?.click());
    await settle();
    expect(ui.app.search.query.value).toBe("");
    expect(empty()).toBeNull();
    expect(bar()).not.toBeNull();

    await act(() => {
      ui.app.search.query.value = "qqzzxxvv";
    });
    await settle();
    expect(button(empty(), "Browse sets")).toBeDefined();
    await act(() => button(empty(), "Browse sets")?.click());
    await settle();
    expect(ui.app.search.query.value).toBe("");
    expect(ui.app.search.set.value).toBeNull();
    expect(empty()).toBeNull();
    ui.unmount();
  });

  it("names the type as a designer says it: 3D icons, Lottie animations", async () => {
    const ui = await mountApp({ routes: [findsNothingFor("qqzzxxvv")] });
    const empty = () => ui.container.querySelector('[data-testid="no-results"]');
    for (const [type, words] of [
      ["3d", "No 3D icons for"],
      ["lottie", "No Lottie animations for"],
    ] as const) {
      await act(() => {
        ui.app.search.asset.value = type;
        ui.app.search.query.value = "qqzzxxvv";
      });
      await settle();
      expect(empty()?.textContent).toContain(`${words} \u201cqqzzxxvv\u201d`);
    }
    ui.unmount();
  });
});
