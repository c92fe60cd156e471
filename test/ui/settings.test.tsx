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

  const click = (el: Element | null | undefined) =>
    act(() => {
      if (!el) throw new Error("no such control");
      (el as HTMLElement).click();
    });
  const choice = (root: ParentNode, name: string, value: string) =>
    root.querySelector(`[data-name="${name}"] [data-value="${value}"]`);

  it("keeps the placing options in the plugin's storage and gets them back on the next start", async () => {
    const plugin = fakePlugin();
    const first = await mountApp({ routes: [searchRoute(3)], plugin });
    await act(() => {
      first.app.view.value = "settings";
    });
    await click(choice(first.container, "rasterSize", "1024"));
    await click(choice(first.container, "lottieAs", "first-frame"));
    await click(first.container.querySelector('[role="switch"][name="keepReplacedColor"]'));
    await settle();
    expect(choice(first.container, "rasterSize", "1024")?.getAttribute("aria-checked")).toBe("true");
    expect(plugin.sentOf("storage-set").every((s) => s.payload.key === "settings")).toBe(true);
    // Placing options are not a reason to search again.
    expect(first.service.searches()).toHaveLength(1);
    first.unmount();

    // A new window over the same clientStorage.
    const again = fakePlugin({ storage: plugin.storage });
    const second = await mountApp({ routes: [searchRoute(3)], plugin: again });
    expect(second.app.settings.settings.value).toMatchObject({
      rasterSize: 1024,
      lottieAs: "first-frame",
      keepReplacedColor: false,
    });
    second.unmount();
  });

  it("uses Figma-style controls and a designer's words: no browser selects, radios or checkboxes", async () => {
    const ui = await mountApp({ routes: [searchRoute(3)], proxyUrls: [PROXY, "http://127.0.0.1:9999"] });
    await act(() => {
      ui.app.view.value = "settings";
    });
    const settings = ui.container.querySelector(".settings");
    expect(settings?.querySelectorAll('select, input[type="radio"], input[type="checkbox"]')).toHaveLength(0);
    // Icon size, colour and stroke live on the main screen now.
    expect(settings?.querySelector('[name="iconSize"], [name="iconColor"]')).toBeNull();
    expect(settings?.querySelector("#connection-title")?.textContent).toBe("Connection");
    expect(settings?.textContent).not.toMatch(/proxy|npm|PROXY_|ASSETPORT_|bytes|view ?box|lottie/i);
    // No apologies and no "rarely needed": each line says what a setting does.
    expect(settings?.textContent).not.toMatch(/rarely|sorry|unfortunately|cannot|no longer/i);
    // The density's segments are short enough for 280 px; what 2x is for is a hint line under them.
    const density = settings?.querySelector('[data-name="rasterDensity"]');
    expect([...(density?.querySelectorAll('[role="radio"]') ?? [])].map((b) => b.textContent)).toEqual([
      "1x",
      "2x",
    ]);
    expect(settings?.querySelector("#rasterDensity-hint")?.textContent).toBe(
      "2x stays sharp on Retina and other high-density screens.",
    );
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
    const server = ui.container.querySelector('[data-name="server"]');
    expect([...(server?.querySelectorAll('[role="radio"]') ?? [])].map((o) => o.textContent)).toEqual([
      "127.0.0.1:8787 (default)",
      "127.0.0.1:9999",
    ]);
    await click(choice(ui.container, "server", OTHER));
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
    await click(choice(ui.container, "server", PROXY));
    await settle();
    expect(ui.plugin.storage.get("settings")).toMatchObject({ proxyUrl: "" });
    expect(ui.service.requests.at(-1)?.url.startsWith(`${PROXY}/v3/search`)).toBe(true);
    ui.unmount();
  });

  it("offers no server to choose and no address to type when the build names one server", async () => {
    const ui = await openSettings({ routes: [searchRoute(3)] });
    expect(ui.container.querySelector('[data-name="server"]')).toBeNull();
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
    expect(choice(ui.container, "server", PROXY)?.getAttribute("aria-checked")).toBe("true");
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
        [...ui.container.querySelectorAll("button")]
          .find((b) => b.textContent === "Save connection")
          ?.click(),
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
