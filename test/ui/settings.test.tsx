// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { normaliseHex, normaliseProxyUrl } from "../../src/ui/settings/settings-store";
import { fakePlugin } from "./support/fake-plugin";
import { PROXY, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";

function change(el: Element | null, value: string) {
  if (!el) throw new Error("no such field");
  return act(() => {
    (el as HTMLInputElement).value = value;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("settings", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("keeps insert defaults in the plugin's storage and gets them back on the next start", async () => {
    const plugin = fakePlugin();
    const first = await mountApp({ routes: [searchRoute(3)], plugin });
    await act(() => {
      first.app.view.value = "settings";
    });
    await change(first.container.querySelector('select[name="iconSize"]'), "32");
    await change(first.container.querySelector('select[name="rasterSize"]'), "1024");
    await act(() =>
      first.container.querySelectorAll<HTMLInputElement>('input[name="colorMode"]')[1]?.click(),
    );
    await change(first.container.querySelector('input[name="iconColor"]'), "#0af");
    await act(() =>
      first.container.querySelector<HTMLInputElement>('input[name="keepReplacedColor"]')?.click(),
    );
    await settle();
    expect(plugin.sentOf("storage-set").every((s) => s.payload.key === "settings")).toBe(true);
    // Insert defaults are not a reason to search again.
    expect(first.service.searches()).toHaveLength(1);
    first.unmount();

    // A new window over the same clientStorage.
    const again = fakePlugin({ storage: plugin.storage });
    const second = await mountApp({ routes: [searchRoute(3)], plugin: again });
    expect(second.app.settings.settings.value).toMatchObject({
      iconSize: 32,
      rasterSize: 1024,
      iconColor: "#00aaff",
      keepReplacedColor: false,
    });
    second.unmount();
  });

  it("offers a custom icon size besides 16, 20, 24, 32 and 48", async () => {
    const ui = await mountApp({ routes: [searchRoute(3)] });
    await act(() => {
      ui.app.view.value = "settings";
    });
    const options = [...ui.container.querySelectorAll('select[name="iconSize"] option')].map(
      (o) => o.textContent,
    );
    expect(options).toEqual(["16 px", "20 px", "24 px", "32 px", "48 px", "Custom"]);
    await change(ui.container.querySelector('select[name="iconSize"]'), "custom");
    await change(ui.container.querySelector('input[name="customSize"]'), "40");
    await settle();
    expect(ui.plugin.storage.get("settings")).toMatchObject({ iconSize: 40 });
    ui.unmount();
  });

  const OTHER = "http://127.0.0.1:9999";
  const openSettings = async (options: Parameters<typeof mountApp>[0]) => {
    const ui = await mountApp(options);
    await act(() => {
      ui.app.view.value = "settings";
    });
    return ui;
  };

  it("points the client at another of the build's servers with the new token, and never logs the token", async () => {
    const logged = [vi.spyOn(console, "log"), vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
    const ui = await openSettings({ routes: [searchRoute(3)], proxyUrls: [PROXY, OTHER] });
    const server = ui.container.querySelector('select[name="server"]');
    expect([...(server?.querySelectorAll("option") ?? [])].map((o) => o.textContent)).toEqual([
      "127.0.0.1:8787 (default)",
      "127.0.0.1:9999",
    ]);
    await change(server, OTHER);
    await change(ui.container.querySelector('input[name="accessToken"]'), "s3cret-token");
    await act(() => {
      ui.container.querySelector("form")?.dispatchEvent(new Event("submit", { cancelable: true }));
    });
    await settle();
    expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: OTHER, accessToken: "s3cret-token" });
    const last = ui.service.requests.at(-1);
    expect(last?.url.startsWith(`${OTHER}/v3/search`)).toBe(true);
    expect(last?.headers.get("authorization")).toBe("Bearer s3cret-token");
    for (const spy of logged) {
      expect(JSON.stringify(spy.mock.calls)).not.toContain("s3cret-token");
      spy.mockRestore();
    }
    expect(ui.container.textContent).not.toContain("s3cret-token");

    // Back to the default: stored as "", so a build with another default is followed.
    await change(server, PROXY);
    await settle();
    expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: "" });
    expect(ui.service.requests.at(-1)?.url.startsWith(`${PROXY}/v3/search`)).toBe(true);
    ui.unmount();
  });

  it("offers no server to choose and no address to type when the build names one server", async () => {
    const ui = await openSettings({ routes: [searchRoute(3)] });
    expect(ui.container.querySelector('select[name="server"]')).toBeNull();
    // Figma blocks every origin the manifest does not name: a typed address could never work.
    expect(ui.container.querySelector('input[name="proxyUrl"], input[type="url"]')).toBeNull();
    expect(ui.container.textContent).not.toMatch(/proxy/i);
    ui.unmount();
  });

  it("falls back to the default server for one stored by an older version that this build does not name", async () => {
    const plugin = fakePlugin();
    plugin.storage.set("settings", { proxyUrl: "http://10.0.0.5:9000", accessToken: "team-token" });
    const ui = await openSettings({ routes: [searchRoute(3)], plugin, proxyUrls: [PROXY, OTHER] });
    expect(ui.app.settings.proxyUrl.value).toBe(PROXY);
    expect(ui.service.requests.every((r) => r.url.startsWith(`${PROXY}/`))).toBe(true);
    expect(ui.service.searches()).toHaveLength(1);
    expect(ui.container.querySelector<HTMLSelectElement>('select[name="server"]')?.value).toBe(PROXY);
    // The token was typed for the old server: it does not travel to this one, and Settings says why.
    expect(ui.service.requests.every((r) => !r.headers.has("authorization"))).toBe(true);
    const note = ui.container.querySelector('[data-note="stranded-server"]');
    expect(note?.textContent).toContain("10.0.0.5:9000");
    expect(note?.textContent).not.toContain("team-token");
    await change(ui.container.querySelector('input[name="accessToken"]'), "new-token");
    await act(() => {
      ui.container.querySelector("form")?.dispatchEvent(new Event("submit", { cancelable: true }));
    });
    await settle();
    expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: "", accessToken: "new-token" });
    expect(ui.container.querySelector('[data-note="stranded-server"]')).toBeNull();
    expect(ui.service.requests.at(-1)?.headers.get("authorization")).toBe("Bearer new-token");
    ui.unmount();
  });

  it("saves the token from the Save button and from Enter where the sandbox never submits forms", async () => {
    // A sandboxed iframe without allow-forms fires no submit event at all: stand in for it.
    const blockSubmit = (e: Event) => {
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    window.addEventListener("submit", blockSubmit, true);
    try {
      const ui = await openSettings({ routes: [searchRoute(3)] });
      const field = ui.container.querySelector('input[name="accessToken"]');
      await change(field, "token-one");
      await act(() =>
        [...ui.container.querySelectorAll("button")].find((b) => b.textContent === "Save")?.click(),
      );
      await settle();
      expect(ui.plugin.storage.get("settings")).toMatchObject({ accessToken: "token-one" });
      expect(ui.container.textContent).toContain("Saved.");

      await change(field, "token-two");
      await act(() => {
        field?.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      });
      await settle();
      expect(ui.plugin.storage.get("settings")).toMatchObject({ accessToken: "token-two" });
      ui.unmount();
    } finally {
      window.removeEventListener("submit", blockSubmit, true);
    }
  });

  it("reads hex colours typed by hand, and server addresses as origins", () => {
    expect(normaliseProxyUrl("ftp://x")).toBeUndefined();
    expect(normaliseProxyUrl("http://localhost:8787/")).toBe("http://localhost:8787");
    expect(normaliseHex("0AF")).toBe("#00aaff");
    expect(normaliseHex("#12345")).toBeUndefined();
  });

  it("asks the plugin to resize while the corner grip is dragged, and remembers the size", async () => {
    const ui = await mountApp({ routes: [searchRoute(3)] });
    const grip = ui.container.querySelector(".resize");
    const pointer = (type: string, x: number, y: number) =>
      act(() => {
        grip?.dispatchEvent(new PointerEvent(type, { bubbles: true, screenX: x, screenY: y, pointerId: 1 }));
      });
    await pointer("pointerdown", 100, 100);
    await pointer("pointermove", 100 - 900, 100 + 40); // narrower than the window may go
    await pointer("pointermove", 100 - 200, 100 + 40);
    await pointer("pointerup", 100 - 200, 100 + 40);
    await settle();
    const start = { width: window.innerWidth, height: window.innerHeight };
    expect(ui.resized).toEqual([
      { width: 280, height: start.height + 40 },
      { width: start.width - 200, height: start.height + 40 },
    ]);
    expect(ui.plugin.storage.get("settings")).toMatchObject({
      windowWidth: start.width - 200,
      windowHeight: start.height + 40,
    });
    ui.unmount();
  });
});
