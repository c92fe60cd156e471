// @vitest-environment happy-dom
// The tabs row alone with the stores it takes: arrows, Home and End move between the tabs as a
// tablist should, and the credit meter keeps its words (visually shortened in a narrow window only).
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { Tabs } from "../../../src/ui/tabs/Tabs";
import { json, type Route, searchRoute } from "../support/fake-service";
import { fakeLayout, mountView } from "../support/mount";

const creditsRoute: Route = (url) =>
  url.pathname === "/v3/credits"
    ? json({ credits: { allowance: 100, used: 95, remaining: 5, period_end: "2026-12-14" } })
    : undefined;

const press = (target: Element, key: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  });

describe("the tabs row", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("moves with the arrows (wrapping), Home and End, and focuses the tab it moves to", async () => {
    const ui = await mountView({ routes: [searchRoute(0), creditsRoute] }, (app) => (
      <Tabs view={app.view} credits={app.credits} />
    ));
    const list = ui.container.querySelector('[role="tablist"]')!;
    const selected = () => ui.container.querySelector('[aria-selected="true"]')?.getAttribute("data-tab");
    expect(selected()).toBe("search");
    await press(list, "ArrowLeft");
    expect(selected()).toBe("ai");
    expect(document.activeElement?.getAttribute("data-tab")).toBe("ai");
    await press(list, "ArrowRight");
    expect(selected()).toBe("search");
    await press(list, "End");
    expect(selected()).toBe("ai");
    await press(list, "Home");
    expect(selected()).toBe("search");
    expect(ui.app.view.value).toBe("search");
    ui.unmount();
  });

  it("shows the credits left, marked low under a tenth of the allowance", async () => {
    const ui = await mountView({ routes: [searchRoute(0), creditsRoute] }, (app) => (
      <Tabs view={app.view} credits={app.credits} />
    ));
    const meter = ui.container.querySelector('[data-testid="credit-meter"]');
    expect(meter?.textContent).toBe("5 credits left");
    expect(meter?.classList.contains("credit-meter--low")).toBe(true);
    expect(meter?.getAttribute("title")).toContain("2026-12-14");
    ui.unmount();
  });
});
