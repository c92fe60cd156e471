// @vitest-environment happy-dom
// The "Insert as component" switch on the main screen: remembered, and sent with every icon insert.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertOptions, insertPlan } from "../../src/ui/insert/insert-plan";
import { DEFAULT_SETTINGS } from "../../src/ui/settings/settings-store";
import { fakePlugin } from "./support/fake-plugin";
import { searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { downloadRoute, fileRoute } from "./support/routes";

describe("insert as component", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("is off by default and goes with icon inserts only when on", () => {
    const plan = insertPlan("icon", DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.insertAsComponent).toBe(false);
    expect(insertOptions("icon", plan, DEFAULT_SETTINGS)).not.toHaveProperty("insertAsComponent");
    const on = { ...DEFAULT_SETTINGS, insertAsComponent: true };
    expect(insertOptions("icon", plan, on)).toMatchObject({ insertAsComponent: true });
  });

  it("is switched on the main screen, remembered, and sent with the next insert, in a new window too", async () => {
    const plugin = fakePlugin();
    const first = await mountApp({ routes: [searchRoute(4)], plugin });
    const toggle = first.container.querySelector<HTMLButtonElement>(
      'button[aria-label="Insert as component"]',
    );
    expect(toggle?.getAttribute("aria-pressed")).toBe("false");
    // The tooltip says which state it is in: at 280 px the glyph is all the button shows.
    expect(toggle?.title).toMatch(/^Insert as component: off\./);
    await act(() => toggle?.click());
    await settle();
    expect(toggle?.getAttribute("aria-pressed")).toBe("true");
    expect(toggle?.title).toMatch(/^Insert as component: on\./);
    first.unmount();

    const again = fakePlugin({ storage: plugin.storage });
    const second = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute], plugin: again });
    expect(second.app.settings.settings.value.insertAsComponent).toBe(true);
    await act(() => second.container.querySelector<HTMLElement>('[data-index="3"]')?.click());
    await settle();
    const [insert] = again.sentOf("insert");
    expect(insert?.payload.options).toMatchObject({ insertAsComponent: true });
    second.unmount();
  });
});
