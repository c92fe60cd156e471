// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DRAG_TYPE, DROP_DOWNLOAD_MS } from "../../src/messages/drag";
import { insertPlan } from "../../src/ui/insert/insert-plan";
import { DEFAULT_SETTINGS } from "../../src/ui/settings/settings-store";
import { fakePlugin, NO_SELECTION } from "./support/fake-plugin";
import { failure, heldAnswer, PROXY, type Route, searchRoute, signedLink } from "./support/fake-service";
import { fakeLayout, mountApp, settle, testApi } from "./support/mount";
import { downloadRoute, fileRoute, itemRoute, PNG } from "./support/routes";

const downloadBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.url.endsWith("/api-download")).map((r) => r.clone().json()));

function fire(target: Element | null, type: string, init: Record<string, unknown> = {}) {
  if (!target) throw new Error(`nothing to ${type}`);
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.assign(event, { dataTransfer: { setData() {}, effectAllowed: "" }, ...init });
  return act(() => {
    target.dispatchEvent(event);
  });
}

describe("insert", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("plans SVG for vectors, PNG at the chosen size for rasters, GIF for Lottie, files for the rest", () => {
    const s = { ...DEFAULT_SETTINGS, rasterSize: 512 };
    expect(insertPlan("icon", s)).toMatchObject({ format: "svg", width: 0, height: 0, as: "svg" });
    expect(insertPlan("illustration", s)).toMatchObject({ format: "svg", as: "svg" });
    expect(insertPlan("3d", s)).toMatchObject({ format: "png", width: 512, height: 512, as: "image" });
    expect(insertPlan("ai-image", s, { format: "jpg", rasterSize: 2048 })).toMatchObject({
      width: 2048,
      imageFormat: "jpg",
    });
    expect(insertPlan("lottie", s)).toMatchObject({ format: "gif", as: "image", imageFormat: "gif" });
    expect(insertPlan("lottie", { ...s, lottieAs: "first-frame" })).toMatchObject({ firstFrame: true });
    expect(insertPlan("3d", s, { format: "glb" })).toMatchObject({ as: "file", width: 0 });
  });

  it("inserts a raster from the details at the size picked there, fetched through the relay", async () => {
    const ui = await mountApp({
      routes: [
        searchRoute(4),
        itemRoute({
          license: { name: "Free licence" },
          additional_informations: { formats: ["png"], frame_rate: 30 },
        }),
        downloadRoute("cdn"),
        fileRoute,
      ],
    });
    await act(() => {
      ui.app.search.asset.value = "ai-image";
    });
    await settle();
    await act(() => {
      ui.container
        .querySelector('[data-index="2"]')
        ?.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true }));
    });
    await settle();
    const dialog = ui.container.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain("detail of ai-image-2");
    expect(dialog?.textContent).toContain("Free licence");
    // additional_informations shows as rows, without repeating a row already shown.
    const labels = [...(dialog?.querySelectorAll("dt") ?? [])].map((dt) => dt.textContent);
    expect(labels).toContain("Frame rate");
    expect(labels.filter((l) => l === "Formats")).toHaveLength(1);
    const size = dialog?.querySelector<HTMLSelectElement>('select[name="rasterSize"]');
    await act(() => {
      if (!size) return;
      size.value = "1024";
      size.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await act(() =>
      [...(dialog?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Insert")?.click(),
    );
    await settle();
    expect(await downloadBodies(ui.service.requests)).toEqual([{ format: "png", width: 1024, height: 1024 }]);
    const relayed = ui.service.requests.find(
      (r) => r.url.startsWith(`${PROXY}/relay?url=`) && r.url.includes("files"),
    );
    expect(decodeURIComponent(relayed?.url.split("url=")[1] ?? "")).toBe(
      "https://cdn.example.test/files/ai-image-2.png?sig=abc",
    );
    const [insert] = ui.plugin.sentOf("insert");
    expect(insert?.payload.content).toEqual({ kind: "image", format: "png", bytes: PNG });
    expect(insert?.payload.options).toBeUndefined(); // icon size and colour are for icons only
    expect(ui.plugin.storage.get("recent-assets")).toMatchObject([{ uuid: "ai-image-2", type: "ai-image" }]);
    ui.unmount();
  });

  it("drops at dragend, before the download: the content follows through the message channel", async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slowDownload: Route = (url, request) =>
      url.pathname.endsWith("/api-download")
        ? held.then(() => downloadRoute()(url, request) as Promise<Response>)
        : undefined;
    const ui = await mountApp({ routes: [searchRoute(4), slowDownload, fileRoute] });
    const cell = ui.container.querySelector('[data-index="1"]');
    await fire(cell, "dragstart");
    await fire(cell, "dragend", { clientX: 120, clientY: 40 }); // inside the window: no drop
    await settle();
    expect(ui.plugin.drops).toHaveLength(0);
    expect(ui.service.requests.filter((r) => r.url.endsWith("/api-download"))).toHaveLength(0);

    await fire(cell, "dragstart");
    await fire(cell, "dragend", { clientX: -300, clientY: 220 });
    await settle();
    // The download is still held: the drop has gone anyway, with plain metadata only.
    expect(ui.plugin.drops).toEqual([
      {
        point: { clientX: -300, clientY: 220 },
        metadata: {
          assetport: 1,
          dropId: expect.any(String),
          asset: { uuid: "icon-1", name: expect.any(String), type: "icon" },
        },
      },
    ]);
    expect(ui.plugin.sentOf("drop-content")).toEqual([]);
    expect(cell?.getAttribute("aria-busy")).toBe("true");
    release();
    await settle(6);
    const [sent] = ui.plugin.sentOf("drop-content");
    expect(sent?.payload).toMatchObject({
      dropId: ui.plugin.drops[0]?.metadata.dropId,
      asset: { uuid: "icon-1", type: "icon" },
      content: { kind: "svg" },
      options: { size: 24 },
    });
    expect(ui.plugin.sentOf("drop-cancel")).toEqual([]);
    ui.unmount();
  });

  it("puts only its own type on the drag, never text/plain (Figma would drop a text layer too)", async () => {
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute] });
    const set: string[] = [];
    const dataTransfer = { setData: (type: string) => set.push(type), effectAllowed: "" };
    await fire(ui.container.querySelector('[data-index="1"]'), "dragstart", { dataTransfer });
    expect(set).toEqual([DRAG_TYPE]);
    ui.unmount();
  });

  it("finds the release point when the browser reports dragend at 0,0 (Firefox)", async () => {
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute] });
    const cell = ui.container.querySelector('[data-index="1"]');
    await fire(cell, "dragstart");
    // Over the window, the pointer is known in both coordinates: the iframe sits at screen (1000, 100).
    await fire(cell, "dragover", { clientX: 50, clientY: 60, screenX: 1050, screenY: 160 });
    await fire(cell, "drag", { clientX: 0, clientY: 0, screenX: 0, screenY: 0 });
    await fire(cell, "dragend", { clientX: 0, clientY: 0, screenX: 700, screenY: 320 });
    await settle();
    expect(ui.plugin.drops.map((d) => d.point)).toEqual([{ clientX: -300, clientY: 220 }]);
    ui.unmount();
  });

  it("says the drop position is unknown when Firefox's dragend has no position at all", async () => {
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute] });
    const cell = ui.container.querySelector('[data-index="1"]');
    await fire(cell, "dragstart");
    // What Firefox sends: dragover only over the window, drag events and dragend at 0,0.
    await fire(cell, "dragover", { clientX: 50, clientY: 60, screenX: 1050, screenY: 160 });
    await fire(cell, "drag", { clientX: 0, clientY: 0, screenX: 0, screenY: 0 });
    await fire(cell, "dragend", { clientX: 0, clientY: 0, screenX: 0, screenY: 0 });
    await settle();
    expect(ui.plugin.drops).toEqual([]);
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toContain("Drop position unknown");
    ui.unmount();
  });

  it("cancels the drop when the download fails, and shows why", async () => {
    const ui = await mountApp({
      routes: [
        searchRoute(4),
        (url) => (url.pathname.endsWith("/api-download") ? failure(404, "item_not_found") : undefined),
      ],
    });
    const cell = ui.container.querySelector('[data-index="1"]');
    await fire(cell, "dragstart");
    await fire(cell, "dragend", { clientX: -300, clientY: 220 });
    await settle(6);
    const dropId = ui.plugin.drops[0]?.metadata.dropId;
    expect(ui.plugin.sentOf("drop-cancel").map((s) => s.payload)).toEqual([{ dropId }]);
    expect(ui.plugin.sentOf("drop-content")).toEqual([]);
    expect(ui.container.querySelector('[role="alert"]')).not.toBeNull();
    ui.unmount();
  });

  it("stops the download of a drop the plugin refused, so one error shows, not a second later", async () => {
    // The download answers properly, but only once the plugin's refusal has come.
    const held = heldAnswer();
    const download = downloadRoute();
    const ui = await mountApp({
      routes: [
        searchRoute(4),
        (url, request) =>
          url.pathname.endsWith("/api-download")
            ? held.promise.then(() => download(url, request) as Promise<Response>)
            : undefined,
        fileRoute,
      ],
    });
    const cell = ui.container.querySelector('[data-index="1"]');
    await fire(cell, "dragstart");
    await fire(cell, "dragend", { clientX: -300, clientY: 220 });
    await settle();
    const dropId = String(ui.plugin.drops[0]?.metadata.dropId);
    const error = { reason: "invalid_message" as const, message: "Invalid drop: asset.type" };
    await act(() => ui.plugin.emit("drop-result", { dropId, ok: false, error }));
    held.release(new Response());
    await settle(6);
    expect(ui.plugin.sentOf("drop-content")).toEqual([]);
    expect(ui.container.querySelectorAll('[role="alert"]')).toHaveLength(1);
    expect(ui.container.querySelector('[role="alert"]')?.textContent).not.toContain("Cancelled");
    ui.unmount();
  });

  it("gives up on a drop whose download takes too long, and says so", async () => {
    const held = heldAnswer();
    const ui = await mountApp({
      routes: [searchRoute(4), (url) => (url.pathname.endsWith("/api-download") ? held.promise : undefined)],
    });
    const cell = ui.container.querySelector('[data-index="1"]');
    vi.useFakeTimers();
    try {
      await fire(cell, "dragstart");
      await fire(cell, "dragend", { clientX: -300, clientY: 220 });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(DROP_DOWNLOAD_MS + 100);
      });
    } finally {
      vi.useRealTimers();
    }
    await settle(6);
    const dropId = ui.plugin.drops[0]?.metadata.dropId;
    expect(ui.plugin.sentOf("drop-cancel").map((s) => s.payload)).toEqual([{ dropId }]);
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toContain("The drop took too long");
    ui.unmount();
  });

  it("shows the plugin's refusal of a drop's content", async () => {
    const ui = await mountApp({
      routes: [searchRoute(4), downloadRoute(), fileRoute],
      plugin: fakePlugin({
        respond: (type) =>
          type === "drop-content" ? { error: { reason: "invalid_svg", message: "Bad path." } } : undefined,
      }),
    });
    const cell = ui.container.querySelector('[data-index="1"]');
    await fire(cell, "dragstart");
    await fire(cell, "dragend", { clientX: -300, clientY: 220 });
    await settle(6);
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toContain(
      "Figma could not read this SVG",
    );
    ui.unmount();
  });

  it("offers recently inserted assets of the type again while the search is empty", async () => {
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute] });
    expect(ui.container.querySelector('[aria-label="Recently inserted"]')).toBeNull();
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="3"]')?.click());
    await settle();
    const again = ui.container.querySelector<HTMLButtonElement>('[aria-label="Insert icon 3 again"]');
    expect(again).not.toBeNull();
    await act(() => again?.click());
    await settle();
    expect(ui.plugin.sentOf("insert").map((s) => (s.payload.asset as { uuid: string }).uuid)).toEqual([
      "icon-3",
      "icon-3",
    ]);
    await act(() => {
      ui.app.search.query.value = "star";
    });
    expect(ui.container.querySelector('[aria-label="Recently inserted"]')).toBeNull();
    ui.unmount();
  });

  it("asks for a recent asset again, once, when its stored preview link no longer loads", async () => {
    const plugin = fakePlugin();
    const expired = signedLink("http://local-api.invalid/previews/icon-7.png");
    plugin.storage.set("recent-assets", [
      { uuid: "icon-7", name: "icon 7", type: "icon", previewUrl: expired, usedAt: 1 },
    ]);
    const fresh = signedLink("http://local-api.invalid/previews/icon-7-new.png");
    const ui = await mountApp({ plugin, routes: [searchRoute(4), itemRoute({ urls: { png: fresh } })] });
    const picture = () => ui.container.querySelector<HTMLImageElement>(".recent img");
    expect(picture()?.getAttribute("src")).toBe(expired);
    await act(() => {
      picture()?.dispatchEvent(new Event("error"));
    });
    await settle();
    expect(picture()?.getAttribute("src")).toBe(fresh);
    expect(plugin.storage.get("recent-assets")).toMatchObject([{ uuid: "icon-7", previewUrl: fresh }]);
    // A second failure shows the placeholder and asks nothing more.
    await act(() => {
      picture()?.dispatchEvent(new Event("error"));
    });
    await settle();
    expect(ui.container.querySelector(".recent .preview--none")).not.toBeNull();
    expect(ui.service.requests.filter((r) => new URL(r.url).pathname === "/v3/items/icon-7")).toHaveLength(1);
    ui.unmount();
  });

  it("started from a layer's Replace button, offers its type and replaces the selection on click", async () => {
    const selection = {
      ...NO_SELECTION,
      count: 1,
      nodes: [
        {
          id: "1:9",
          name: "old",
          nodeType: "VECTOR",
          width: 24,
          height: 24,
          exportable: true,
          hasImageFill: false,
          assetUuid: "x",
          assetType: "illustration" as const,
        },
      ],
    };
    const plugin = fakePlugin({ launchCommand: "replace", selection });
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute], plugin });
    expect(ui.app.search.asset.value).toBe("illustration");
    expect(ui.container.querySelector(".summary")?.textContent).toContain("Pick an asset to replace");
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="1"]')?.click());
    await settle();
    expect(plugin.sentOf("insert")).toHaveLength(0);
    expect(plugin.sentOf("replace-selection")[0]?.payload).toMatchObject({
      asset: { uuid: "illustration-1" },
    });
    ui.unmount();
  });

  it("shows why a download was refused, in the plan's words", async () => {
    const refused: Route = (url) =>
      url.pathname.endsWith("/api-download") ? failure(422, "subscription_required") : undefined;
    const ui = await mountApp({ routes: [searchRoute(4), refused] });
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="0"]')?.click());
    await settle();
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toContain("No active API subscription");
    expect(ui.plugin.sentOf("insert")).toHaveLength(0);
    ui.unmount();
  });

  it("saves formats Figma cannot place instead of inserting them", async () => {
    const saved: string[] = [];
    const ui = await mountApp({ routes: [searchRoute(2), itemRoute(), downloadRoute(), fileRoute] });
    await act(() => {
      ui.app.search.asset.value = "3d";
    });
    await settle();
    const asset = ui.app.search.items.value[0];
    if (!asset) throw new Error("no results");
    // The controller's save hook stands in for the browser's download link.
    const { createInsertController } = await import("../../src/ui/insert/insert-controller");
    const controller = createInsertController({
      api: () => ({
        download: (uuid, request) =>
          Promise.resolve({ download: { download_url: `${PROXY}/files/${uuid}.${request.format}` } }),
        file: testApi(ui.service.fetch).file,
      }),
      port: ui.plugin.port,
      settings: ui.app.settings,
      onError: (e) => saved.push(`error ${e.reason}`),
      save: (name, blob) => saved.push(`${name} ${blob.size}`),
    });
    await controller.insert(asset, "3d", "insert", { format: "glb" });
    expect(saved).toEqual([`3d 0.glb ${PNG.length}`]);
    expect(ui.plugin.sentOf("insert")).toHaveLength(0);
    ui.unmount();
  });
});
