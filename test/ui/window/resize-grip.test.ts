// @vitest-environment happy-dom
// The resize grip over the real plugin in the emulator: the window follows a drag live, and its size
// reaches client storage once, when the drag ends, not once per frame of it.

import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it, vi } from "vitest";
import { WINDOW_LIMITS } from "../../../src/messages/settings";
import { createAppState } from "../../../src/ui/app-state";
import { ResizeHandle } from "../../../src/ui/window/ResizeHandle";
import { windowResizer } from "../../../src/ui/window/resize-window";
import { type Booted, bootPlugin } from "../../plugin/harness";
import { testApi } from "../support/mount";

let app: Booted;
afterEach(() => app?.stop());

/** Lets a frame pass: the grip's resize requests go out once per animation frame. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

function pointer(type: string, x: number, y: number) {
  return new PointerEvent(type, { pointerId: 1, screenX: x, screenY: y, bubbles: true });
}

async function mountGrip(booted: Booted) {
  const state = createAppState({ port: booted.port, makeApi: (url, token) => testApi(fetch, url, token) });
  const container = document.createElement("div");
  document.body.append(container);
  // No JSX here: this file is typed with the emulator's Figma globals, beside the plugin tests.
  await act(() =>
    render(h(ResizeHandle, { settings: state.settings, request: windowResizer(booted.port) }), container),
  );
  return container.querySelector(".resize")!;
}

describe("resizing the window", () => {
  it("follows a 40-frame drag live and stores the size once, on release", async () => {
    app = await bootPlugin({ command: "open" });
    const setAsync = vi.spyOn(app.figma.clientStorage, "setAsync");
    const settingsWrites = () => setAsync.mock.calls.filter(([key]) => key === "assetport.settings").length;
    const grip = await mountGrip(app);
    const [startWidth, startHeight] = [window.innerWidth, window.innerHeight];

    grip.dispatchEvent(pointer("pointerdown", 500, 500));
    const seen = new Set<number>();
    for (let frame = 1; frame <= 40; frame++) {
      grip.dispatchEvent(pointer("pointermove", 500 + frame * 2, 500 - frame));
      await nextFrame();
      await app.settle(2);
      seen.add(app.emu.ui.width);
    }
    // The window moved with the pointer, frame by frame...
    expect(seen.size).toBeGreaterThan(30);
    expect([app.emu.ui.width, app.emu.ui.height]).toEqual([startWidth + 80, startHeight - 40]);
    // ...and nothing was stored while it did.
    expect(settingsWrites()).toBe(0);

    grip.dispatchEvent(pointer("pointerup", 580, 460));
    await app.settle(4);
    expect(settingsWrites()).toBe(1);
    expect(await app.figma.clientStorage.getAsync("assetport.settings")).toMatchObject({
      windowWidth: startWidth + 80,
      windowHeight: startHeight - 40,
    });
  });

  it("a drag the browser cancels keeps the size it reached, stored once; a click stores nothing", async () => {
    app = await bootPlugin({ command: "open" });
    const setAsync = vi.spyOn(app.figma.clientStorage, "setAsync");
    const grip = await mountGrip(app);
    grip.dispatchEvent(pointer("pointerdown", 100, 100));
    for (let frame = 1; frame <= 5; frame++) {
      grip.dispatchEvent(pointer("pointermove", 100 - frame * 10, 100));
      await nextFrame();
    }
    grip.dispatchEvent(pointer("pointercancel", 50, 100));
    await app.settle(4);
    expect(setAsync).toHaveBeenCalledTimes(1);
    expect(await app.figma.clientStorage.getAsync("assetport.settings")).toMatchObject({
      windowWidth: window.innerWidth - 50,
    });

    grip.dispatchEvent(pointer("pointerdown", 50, 100));
    grip.dispatchEvent(pointer("pointerup", 50, 100));
    await app.settle(4);
    expect(setAsync).toHaveBeenCalledTimes(1);
  });

  it("reaches the same bounds the plugin allows, no tighter and no wider", async () => {
    app = await bootPlugin({ command: "open" });
    const grip = await mountGrip(app);
    const reach = async (dx: number, dy: number) => {
      grip.dispatchEvent(pointer("pointerdown", 0, 0));
      grip.dispatchEvent(pointer("pointermove", dx, dy));
      await nextFrame();
      grip.dispatchEvent(pointer("pointerup", dx, dy));
      await app.settle(4);
      return app.figma.clientStorage.getAsync("assetport.settings");
    };
    expect(await reach(5000, 5000)).toMatchObject({
      windowWidth: WINDOW_LIMITS.maxWidth,
      windowHeight: WINDOW_LIMITS.maxHeight,
    });
    expect([app.emu.ui.width, app.emu.ui.height]).toEqual([WINDOW_LIMITS.maxWidth, WINDOW_LIMITS.maxHeight]);
    expect(await reach(-5000, -5000)).toMatchObject({
      windowWidth: WINDOW_LIMITS.minWidth,
      windowHeight: WINDOW_LIMITS.minHeight,
    });
  });
});
