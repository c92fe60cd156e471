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

  it("points the client at a new proxy with the new token, and never logs the token", async () => {
    const logged = [vi.spyOn(console, "log"), vi.spyOn(console, "error"), vi.spyOn(console, "warn")];
    const ui = await mountApp({ routes: [searchRoute(3)] });
    await act(() => {
      ui.app.view.value = "settings";
    });
    await change(ui.container.querySelector('input[name="proxyUrl"]'), "http://127.0.0.1:9999/some/path");
    await change(ui.container.querySelector('input[name="accessToken"]'), "s3cret-token");
    await act(() => {
      ui.container.querySelector("form")?.dispatchEvent(new Event("submit", { cancelable: true }));
    });
    await settle();
    expect(ui.plugin.storage.get("settings")).toMatchObject({
      proxyUrl: "http://127.0.0.1:9999",
      accessToken: "s3cret-token",
    });
    const last = ui.service.requests.at(-1);
    expect(last?.url.startsWith("http://127.0.0.1:9999/v3/search")).toBe(true);
    expect(last?.headers.get("authorization")).toBe("Bearer s3cret-token");
    for (const spy of logged) {
      expect(JSON.stringify(spy.mock.calls)).not.toContain("s3cret-token");
      spy.mockRestore();
    }
    expect(ui.container.textContent).not.toContain("s3cret-token");
    ui.unmount();
  });

  it("saves the proxy from the Save button and from Enter where the sandbox never submits forms", async () => {
    // A sandboxed iframe without allow-forms fires no submit event at all: stand in for it.
    const blockSubmit = (e: Event) => {
      e.preventDefault();
      e.stopImmediatePropagation();
    };
    window.addEventListener("submit", blockSubmit, true);
    try {
      const ui = await mountApp({ routes: [searchRoute(3)] });
      await act(() => {
        ui.app.view.value = "settings";
      });
      const field = ui.container.querySelector('input[name="proxyUrl"]');
      await change(field, "http://127.0.0.1:9001");
      await act(() =>
        [...ui.container.querySelectorAll("button")].find((b) => b.textContent === "Save")?.click(),
      );
      await settle();
      expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: "http://127.0.0.1:9001" });

      await change(field, "http://127.0.0.1:9002");
      await act(() => {
        field?.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
      });
      await settle();
      expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: "http://127.0.0.1:9002" });
      ui.unmount();
    } finally {
      window.removeEventListener("submit", blockSubmit, true);
    }
  });

  it("refuses a proxy URL that is not http(s), and falls back to the baked one when empty", async () => {
    expect(normaliseProxyUrl("ftp://x")).toBeUndefined();
    expect(normaliseProxyUrl("http://localhost:8787/")).toBe("http://localhost:8787");
    expect(normaliseHex("0AF")).toBe("#00aaff");
    expect(normaliseHex("#12345")).toBeUndefined();
    const ui = await mountApp({ routes: [searchRoute(3)] });
    await act(() => {
      ui.app.view.value = "settings";
    });
    await change(ui.container.querySelector('input[name="proxyUrl"]'), "not a url");
    await act(() => {
      ui.container.querySelector("form")?.dispatchEvent(new Event("submit", { cancelable: true }));
    });
    expect(ui.container.textContent).toContain("Enter an address like");
    expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: PROXY });
    ui.unmount();
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
