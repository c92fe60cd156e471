// @vitest-environment happy-dom
// The Connection section of Settings is for whoever sets Assetport up: folded away while it works
// (a token is saved for a server this build reaches), open when it needs attention or when Settings
// was opened to fix it, and its button says what it saves.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakePlugin } from "../support/fake-plugin";
import { searchRoute } from "../support/fake-service";
import { fakeLayout, mountApp } from "../support/mount";

async function openSettings(options: Parameters<typeof mountApp>[0], wanted = false) {
  const ui = await mountApp(options);
  await act(() => {
    ui.app.settings.connectionWanted.value = wanted;
    ui.app.view.value = "settings";
  });
  return ui;
}

const fields = (root: Element) => root.querySelector<HTMLElement>("#connection-fields");
const disclosure = (root: Element) => root.querySelector<HTMLButtonElement>(".settings-disclosure");

describe("the connection section", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("is folded while a token is saved, and opens from its title", async () => {
    const plugin = fakePlugin();
    plugin.storage.set("settings", { accessToken: "team-token" });
    const ui = await openSettings({ routes: [searchRoute(3)], plugin });
    expect(disclosure(ui.container)?.getAttribute("aria-expanded")).toBe("false");
    expect(fields(ui.container)?.hidden).toBe(true);
    // Where assets come from is told inside the folded section, not under its title.
    expect(fields(ui.container)?.textContent).toContain("Assets come from 127.0.0.1:8787");
    expect(ui.container.querySelectorAll('[data-note="server"]').length).toBe(1);

    await act(() => disclosure(ui.container)?.click());
    expect(disclosure(ui.container)?.getAttribute("aria-expanded")).toBe("true");
    expect(fields(ui.container)?.hidden).toBe(false);
    const labels = [...ui.container.querySelectorAll("button")].map((b) => b.textContent);
    expect(labels).toContain("Save connection");
    expect(labels).not.toContain("Save");
    ui.unmount();
  });

  it("is open when no token is there to let the plugin in", async () => {
    const ui = await openSettings({ routes: [searchRoute(3)] });
    expect(fields(ui.container)?.hidden).toBe(false);
    ui.unmount();
  });

  it("is open when Settings was opened to fix the connection, and only that once", async () => {
    const plugin = fakePlugin();
    plugin.storage.set("settings", { accessToken: "team-token" });
    const ui = await openSettings({ routes: [searchRoute(3)], plugin }, true);
    expect(fields(ui.container)?.hidden).toBe(false);
    expect(ui.app.settings.connectionWanted.value).toBe(false);
    await act(() => {
      ui.app.view.value = "search";
    });
    await act(() => {
      ui.app.view.value = "settings";
    });
    expect(fields(ui.container)?.hidden).toBe(true);
    ui.unmount();
  });
});
