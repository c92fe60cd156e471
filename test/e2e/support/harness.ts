// The end-to-end harness: Figma's window, rebuilt around the real build.
// - dist/ui.html runs in Chromium, in a sandboxed srcdoc iframe: a null origin, as in Figma, under a
//   Content-Security-Policy built from manifest.json's networkAccess (network-access.ts).
// - dist/code.js runs in this Node process against the emulator in test/figma, with only the globals
//   Figma's sandbox has (test/figma/sandbox.ts).
// - Messages cross between the two exactly as Figma carries them ({pluginMessage} / {pluginDrop}).
// - A deliberate guess, stricter than Figma: a drag released over the canvas is also handed to the
//   emulator as a native drop, with whatever the drag's dataTransfer carries. Figma says a plugin
//   window's null origin keeps its canvas from receiving such drops (its "creating a UI" guide,
//   figma/plugin-samples#107); the harness makes one anyway, so a drag that would turn into a text
//   layer, were a browser or a later Figma to deliver it, shows in a test. Headless Chromium ends a
//   drag inside the frame it began in, so the harness reads what the drag carried in the iframe (at
//   dragstart, after the ui set it) and makes that drop when dragend falls outside the window.
// - The harness page draws the emulated page's nodes behind the plugin window, so screenshots show
//   what a designer would see on the canvas.
import type { Frame, Page } from "playwright-core";
import type { FigmaEmulator } from "../../figma/figma";
import { installFigma, settle } from "../../figma/install";
import { windowOpened } from "../../figma/run-script";
import { runInSandbox } from "../../figma/sandbox";
import type { Browser } from "./browser";
import { builtDist } from "./dist";
import { withPolicy } from "./network-access";

/** Exposed to the harness page by page.exposeBinding below. */
declare global {
  interface Window {
    __assetportToFigma(data: unknown): void;
  }
}

export const SCREEN = { width: 1440, height: 900 };
/** Where the plugin window floats over the canvas, as in Figma's default placement (right side). */
export const UI_ORIGIN = { x: SCREEN.width - 440, y: 48 };

export interface Harness {
  page: Page;
  /** The plugin's iframe (dist/ui.html). */
  ui: Frame;
  emulator: FigmaEmulator;
  /** What each drag released over the canvas carried, as the canvas read it (type and data). */
  nativeDrops: { type: string; data: string }[][];
  /** Redraws the emulated canvas into the harness page (called before screenshots). */
  drawCanvas(): Promise<void>;
  /** Waits until the plugin and the ui have exchanged everything in flight. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  browser: Browser;
  /** Runs against the emulator before the plugin starts (selection, frames, stored settings). */
  prepare?: (emulator: FigmaEmulator) => Promise<void> | void;
  command?: string;
  /** Launched from quick actions with these values (the designer pressed Enter on them). */
  parameters?: Record<string, string>;
  theme?: "light" | "dark";
  /** Where the plugin window sits over the canvas (screen px); Figma's default placement unless given. */
  uiOrigin?: { x: number; y: number };
  /** The proxy origins the build is made for (the default first); dist/ as `npm run build` makes it unless given. */
  proxyUrls?: readonly string[];
}

function harnessPage(theme: "light" | "dark", origin: { x: number; y: number }): string {
  const bg = theme === "dark" ? "#1e1e1e" : "#f5f5f5";
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  html,body{margin:0;width:${SCREEN.width}px;height:${SCREEN.height}px;overflow:hidden;background:${bg}}
  #canvas{position:absolute;inset:0}
  #window{position:absolute;left:${origin.x}px;top:${origin.y}px;box-shadow:0 2px 14px rgba(0,0,0,.25);
    border-radius:6px;overflow:hidden;background:#fff}
  #window iframe{border:0;display:block;width:100%;height:100%}
  </style></head><body><div id="canvas"></div><div id="window"></div></body></html>`;
}

export async function openHarness(options: HarnessOptions): Promise<Harness> {
  const { code, html, manifest } = await builtDist(options.proxyUrls);
  const uiOrigin = options.uiOrigin ?? UI_ORIGIN;
  const emulator = installFigma({
    uiOrigin,
    command: options.command,
    quickAction: options.parameters !== undefined,
  });
  await options.prepare?.(emulator);

  const theme = options.theme ?? "light";
  const page = await options.browser.context.newPage();
  await page.setViewportSize(SCREEN);
  page.on("pageerror", (error) => console.error(`[ui] ${error.message}`));
  // A request the policy refused is said out loud, so a quiet failure (a preview) cannot hide.
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) console.error(`[csp] ${message.text()}`);
  });

  // ui -> plugin: the iframe posts to its parent; the harness page hands it to the emulator.
  await page.exposeBinding("__assetportToFigma", (_source, data: unknown) => {
    emulator.uiWindow.parent.postMessage(data, "*");
  });
  // The browser's own drop on the canvas, with what the drag carried.
  const nativeDrops: Harness["nativeDrops"] = [];
  await page.exposeBinding(
    "__assetportNativeDrop",
    (_source, drop: { clientX: number; clientY: number; items: { type: string; data: string }[] }) => {
      const at = { x: uiOrigin.x + drop.clientX, y: uiOrigin.y + drop.clientY };
      const box = { width: emulator.ui.width, height: emulator.ui.height };
      const overWindow =
        drop.clientX >= 0 && drop.clientY >= 0 && drop.clientX <= box.width && drop.clientY <= box.height;
      if (overWindow) return;
      nativeDrops.push(drop.items);
      emulator.drops.native(at, drop.items);
    },
  );
  // plugin -> ui: figma.ui.postMessage lands on the emulated window; forward it into the iframe.
  emulator.uiWindow.addEventListener("message", (event) => {
    void page
      .evaluate((data) => {
        const frame = document.querySelector("iframe");
        frame?.contentWindow?.postMessage(data, "*");
      }, event.data)
      .catch(() => undefined);
  });

  await page.setContent(harnessPage(theme, uiOrigin));
  await page.evaluate(() => {
    window.addEventListener("message", (event) => {
      const frame = document.querySelector("iframe");
      if (frame && event.source === frame.contentWindow) {
        window.__assetportToFigma(event.data);
      }
    });
  });

  // Figma's order: the script starts; (a quick action: its parameters are entered, slower than any
  // pending promise); "run"; dist/code.js calls figma.showUI(__html__, ...), which is mounted here, and
  // only then can the ui send its first message.
  runInSandbox(code, { figma: emulator.figma, html });
  if (options.parameters !== undefined) await settle();
  emulator.run(options.parameters);
  await windowOpened(emulator);
  await page.evaluate(
    ({ srcdoc, width, height, themeClass }) => {
      const holder = document.getElementById("window")!;
      holder.style.width = `${width}px`;
      holder.style.height = `${height}px`;
      const frame = document.createElement("iframe");
      // allow-scripts without allow-same-origin: the page runs with a null origin, as in Figma.
      frame.setAttribute("sandbox", "allow-scripts allow-downloads");
      frame.title = "Assetport";
      frame.srcdoc = themeClass ? srcdoc.replace("<html", `<html class="${themeClass}"`) : srcdoc;
      holder.appendChild(frame);
    },
    {
      srcdoc: withPolicy(emulator.ui.html, manifest),
      width: emulator.ui.width,
      height: emulator.ui.height,
      themeClass: emulator.ui.themeColors ? `figma-${theme}` : "",
    },
  );
  const handle = await page.waitForSelector("iframe");
  const ui = (await handle.contentFrame())!;
  await ui.waitForLoadState("load");
  await ui.evaluate(() => {
    // Bubbling listeners on the window run after the grid's own handlers have filled the dataTransfer.
    let carried: { type: string; data: string }[] = [];
    window.addEventListener("dragstart", (event) => {
      const data = event.dataTransfer;
      carried = [...(data?.types ?? [])].map((type) => ({ type, data: data?.getData(type) ?? "" }));
    });
    window.addEventListener("dragend", (event) => {
      const forward = (window as unknown as { __assetportNativeDrop(d: unknown): void })
        .__assetportNativeDrop;
      forward({ clientX: event.clientX, clientY: event.clientY, items: carried });
    });
  });

  async function drawCanvas(): Promise<void> {
    const bounds = emulator.figma.viewport.bounds;
    const zoom = emulator.figma.viewport.zoom;
    const selected = new Set(emulator.figma.currentPage.selection.map((n) => n.id));
    const layers: string[] = [];
    for (const node of emulator.figma.currentPage.children) {
      if (!("exportAsync" in node) || !("absoluteTransform" in node)) continue;
      const svg = await node.exportAsync({ format: "SVG_STRING" });
      const [[, , x], [, , y]] = node.absoluteTransform;
      const left = (x - bounds.x) * zoom;
      const top = (y - bounds.y) * zoom;
      const w = node.width * zoom;
      const h = node.height * zoom;
      const outline = selected.has(node.id) ? "outline:1px solid #0d99ff;" : "";
      const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
      layers.push(
        `<img alt="${node.name}" data-node-id="${node.id}" src="${src}" style="position:absolute;left:${left}px;top:${top}px;width:${w}px;height:${h}px;${outline}">`,
      );
    }
    await page.evaluate((inner) => {
      document.getElementById("canvas")!.innerHTML = inner;
    }, layers.join(""));
  }

  async function settleBoth(): Promise<void> {
    // Two rounds: a message may answer a message.
    for (let round = 0; round < 2; round++) {
      await settle();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    }
  }

  return {
    page,
    ui,
    emulator,
    nativeDrops,
    drawCanvas,
    settle: settleBoth,
    async close() {
      await page.close();
      emulator.uninstall();
    },
  };
}
