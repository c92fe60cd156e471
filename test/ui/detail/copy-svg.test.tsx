// @vitest-environment happy-dom
// "Copy SVG" in the details: it says its cost before the file is downloaded, copies the variant's
// SVG through the copy command (the plugin window may not use navigator.clipboard), with its lines
// as the details show them and nothing in it that could act, says "Copied" quietly, shares the one
// download with Insert (no second charge either way), and asks for a second click when the browser
// refused the copy after a slow download.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type Route, searchRoute } from "../support/fake-service";
import { $, type, type Ui } from "../support/insert-options";
import { fakeLayout, mountApp, settle } from "../support/mount";
import { creditsRoute, downloadRoute, fileRoute, itemRoute } from "../support/routes";

/** A line icon, with what a hostile file could carry: a script and an event attribute. */
const LINE =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2">' +
  '<path d="M4 4h16" onclick="alert(1)"/><script>alert(2)</script></svg>';

const lineFiles: Route = (url) =>
  url.pathname.startsWith("/files/") && url.pathname.endsWith(".svg")
    ? new Response(LINE, { headers: { "content-type": "image/svg+xml" } })
    : undefined;

/** What the copy command put on the clipboard: the text selected when it ran. */
function clipboard(answer: () => boolean = () => true) {
  const copied: string[] = [];
  const execCommand = vi.fn((command: string) => {
    if (command !== "copy") return false;
    const field = document.querySelector<HTMLTextAreaElement>("textarea[readonly]");
    if (!answer()) return false;
    copied.push(field?.value ?? "");
    return true;
  });
  Object.defineProperty(document, "execCommand", { configurable: true, value: execCommand });
  return copied;
}

async function openDetails(ui: Ui, index: number) {
  await act(() => {
    $(ui, `[data-index="${index}"]`)?.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true }));
  });
  await settle();
}

const copyButton = (ui: Ui) =>
  [...ui.container.querySelectorAll<HTMLButtonElement>(".detail button")].find((b) =>
    /^(Copy SVG|Copied)/.test(b.textContent ?? ""),
  );
const downloads = (ui: Ui) => ui.service.requests.filter((r) => r.url.endsWith("/api-download")).length;

async function click(button: HTMLElement | undefined) {
  await act(() => button?.click());
  await settle();
}

describe("Copy SVG", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("says its cost, copies the disarmed SVG, and shares the download with Insert", async () => {
    const copied = clipboard();
    const ui = await mountApp({
      routes: [
        searchRoute(4),
        creditsRoute("2026-11-30"),
        itemRoute(),
        downloadRoute(),
        lineFiles,
        fileRoute,
      ],
    });
    await openDetails(ui, 1);
    expect(copyButton(ui)?.textContent).toBe("Copy SVG · 1 credit");
    expect(copyButton(ui)?.title).toMatch(/as its set draws it; colours stay the file's own/);

    await click(copyButton(ui));
    expect(copied).toHaveLength(1);
    expect(copied[0]).toContain('d="M4 4h16"');
    expect(copied[0]).not.toMatch(/script|onclick|alert/);
    expect(copyButton(ui)?.textContent).toBe("Copied");
    expect($(ui, '[data-testid="copy-status"]')?.textContent).toBe("SVG code copied");
    // The field that held it is gone.
    expect(document.querySelector("textarea[readonly]")).toBeNull();
    expect(downloads(ui)).toBe(1);

    // Kept: Insert is free now, and copying again costs nothing either.
    expect($(ui, '[data-testid="insert-cost"]')?.textContent).toMatch(/^Already downloaded/);
    await click(
      [...ui.container.querySelectorAll<HTMLButtonElement>(".detail button")].find(
        (b) => b.textContent === "Insert",
      ),
    );
    await click(copyButton(ui));
    expect(downloads(ui)).toBe(1);
    expect(copied).toHaveLength(2);
    expect(ui.plugin.sentOf("insert")).toHaveLength(1);
    ui.unmount();
  });

  it("copies the lines at the width chosen in the bar, as the details show them", async () => {
    const copied = clipboard();
    const ui = await mountApp({
      routes: [searchRoute(4), itemRoute(), downloadRoute(), lineFiles, fileRoute],
    });
    await type($(ui, 'input[name="iconStrokeWidth"]'), "1.5");
    await settle();
    await openDetails(ui, 0);
    // No credits reported: no cost said.
    expect(copyButton(ui)?.textContent).toBe("Copy SVG");
    expect(copyButton(ui)?.title).toMatch(/its lines as shown here/);
    await click(copyButton(ui));
    // 1.5 px at the 24 px insert size, on a 24-unit drawing.
    expect(copied[0]).toMatch(/stroke-width:1\.5px/);
    expect(copied[0]).not.toMatch(/__assetport_stroke_/);
    ui.unmount();
  });

  it("asks for a second click when the browser refused the copy, and that one copies for free", async () => {
    let allowed = false;
    const copied = clipboard(() => allowed);
    const ui = await mountApp({
      routes: [
        searchRoute(4),
        creditsRoute("2026-11-30"),
        itemRoute(),
        downloadRoute(),
        lineFiles,
        fileRoute,
      ],
    });
    await openDetails(ui, 2);
    await click(copyButton(ui));
    expect(copied).toHaveLength(0);
    expect($(ui, '[data-testid="copy-status"]')?.textContent).toBe("Ready: click Copy SVG again to copy it");
    expect(copyButton(ui)?.textContent).toBe("Copy SVG");
    allowed = true;
    await click(copyButton(ui));
    expect(copied).toHaveLength(1);
    expect(downloads(ui)).toBe(1);
    ui.unmount();
  });

  it("is not offered for a raster format", async () => {
    clipboard();
    const ui = await mountApp({ routes: [searchRoute(4), itemRoute(), downloadRoute(), fileRoute] });
    await act(() => {
      ui.app.search.asset.value = "illustration";
    });
    await settle();
    await openDetails(ui, 0);
    expect(copyButton(ui)).toBeDefined();
    const png = $(ui, '.detail input[name="format"][value="png"]');
    await act(() => {
      if (!png) throw new Error("no PNG choice");
      png.click();
    });
    await settle();
    expect(copyButton(ui)).toBeUndefined();
    ui.unmount();
  });
});
