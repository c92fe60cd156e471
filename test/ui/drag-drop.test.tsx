// @vitest-environment happy-dom
// Dragging a result onto the canvas, from the ui's side: pluginDrop at dragend, the download after,
// the release point whatever the browser reports, and every way a drop can fail said in words.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DRAG_TYPE, DROP_DOWNLOAD_MS } from "../../src/messages/drag";
import { fakePlugin } from "./support/fake-plugin";
import { failure, heldAnswer, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { downloadRoute, fileRoute } from "./support/routes";

function fire(target: Element | null, type: string, init: Record<string, unknown> = {}) {
  if (!target) throw new Error(`nothing to ${type}`);
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.assign(event, { dataTransfer: { setData() {}, effectAllowed: "" }, ...init });
  return act(() => {
    target.dispatchEvent(event);
  });
}

describe("drag and drop", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
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

  it("puts only its own type on the drag, never text/plain (a precaution against a text layer)", async () => {
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
});
