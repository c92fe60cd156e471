// @vitest-environment happy-dom
// The window's entry (main.tsx) asks the plugin how it was started before it renders: the answer
// crosses to the sandbox and back while the first frame renders, instead of after it. The order is
// read where it shows, in what the page posts to its parent and what #app holds at that moment.
import { afterEach, expect, it, vi } from "vitest";

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

it("posts `ready` to the plugin before the first render, then renders the window", async () => {
  document.body.innerHTML = '<div id="app"></div>';
  const app = document.getElementById("app")!;
  const posted: { type: string; rendered: number }[] = [];
  vi.spyOn(window.parent, "postMessage").mockImplementation((data: unknown) => {
    const message = (data as { pluginMessage?: { type?: string } }).pluginMessage;
    if (message?.type) posted.push({ type: message.type, rendered: app.childElementCount });
  });

  await import("../../src/ui/main");

  expect(posted[0]).toEqual({ type: "ready", rendered: 0 });
  // Nothing answers here, and the window is drawn all the same.
  expect(app.childElementCount).toBeGreaterThan(0);
});
