// What every end-to-end test does: open the plugin pointed at the test stack, find the results grid,
// watch the searches the ui sends, ask the proxy the same question, resize the plugin window and
// keep screenshots of the screen or of the window alone.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { Frame, Locator, Request } from "playwright-core";
import { expect } from "vitest";
import type { Settings } from "../../../src/messages/types";
import { type Harness, type HarnessOptions, openHarness } from "./harness";
import type { Stack } from "./stack";

const ARTIFACTS = join(import.meta.dirname, "../artifacts");

export interface PluginOptions extends Omit<HarnessOptions, "prepare"> {
  /** Settings stored in clientStorage before the plugin starts, over the stack's proxy URL and token. */
  settings?: Partial<Settings>;
  prepare?: HarnessOptions["prepare"];
}

/**
 * Opens the plugin built for the stack's proxy (Figma lets it reach no other), as a designer who has
 * already pasted the stack's token.
 */
export function openPlugin(
  stack: Pick<Stack, "proxyUrl" | "token">,
  options: PluginOptions,
): Promise<Harness> {
  return openHarness({
    ...options,
    proxyUrls: options.proxyUrls ?? [stack.proxyUrl],
    prepare: async (emulator) => {
      await emulator.figma.clientStorage.setAsync("assetport.settings", {
        proxyUrl: stack.proxyUrl,
        accessToken: stack.token,
        ...options.settings,
      });
      await options.prepare?.(emulator);
    },
  });
}

/**
 * `expect.poll` with room for a loaded machine: the whole suite runs beside every other test file, and
 * a busy renderer can take seconds. It is a bound on waiting, never a claim about speed.
 */
export function until<T>(read: () => T | Promise<T>) {
  return expect.poll(read, { timeout: 15_000, interval: 50 });
}

export const grid = (ui: Frame): Locator => ui.locator('[role="grid"]');
export const cells = (ui: Frame): Locator => ui.locator('[role="gridcell"]');
export const cell = (ui: Frame, index: number): Locator =>
  ui.locator(`[role="gridcell"][data-index="${index}"]`);
export const searchField = (ui: Frame): Locator => ui.locator('input[type="search"]');
/** The home's set cards, once the sets are known (an empty search opens on them, not on results). */
export const setCards = (ui: Frame): Locator => ui.locator(".set-card:not(.set-card--loading)");

/** From the home to a set's results (the first set unless named), once its first cell is painted. */
export async function browseSet(ui: Frame, name?: string): Promise<void> {
  const card = name ? setCards(ui).filter({ hasText: name }) : setCards(ui).first();
  await card.click();
  await cell(ui, 0).waitFor();
}

/** The service's names of the cells in the DOM, in result order (the label is the name in words). */
export async function cellNames(ui: Frame): Promise<string[]> {
  const found = await cells(ui).evaluateAll((nodes) =>
    nodes.map((n) => ({
      index: Number(n.getAttribute("data-index")),
      name: n.getAttribute("data-name") ?? "",
    })),
  );
  return found.sort((a, b) => a.index - b.index).map((c) => c.name);
}

/** Every /v3/search request the page sends from now on (the ui's own requests, as Chromium saw them). */
export function watchSearches(harness: Harness): URL[] {
  const seen: URL[] = [];
  harness.page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname === "/v3/search") seen.push(url);
  });
  return seen;
}

export interface SearchAnswer {
  total: number;
  names: string[];
  items: { uuid: string; name: string; styles?: string[]; contributor?: string; variant?: string }[];
}

/** Asks the proxy what the ui asked (same URL, same token), to compare the grid with the answer. */
export async function askProxy(stack: Pick<Stack, "token">, url: URL): Promise<SearchAnswer> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${stack.token}` } });
  if (!response.ok) throw new Error(`search ${url.search} answered ${response.status}`);
  const body = (await response.json()) as {
    response: { items: { total: number; data: SearchAnswer["items"] } };
  };
  const { total, data } = body.response.items;
  return { total, names: data.map((item) => item.name), items: data };
}

/** The names of the first `pages` pages of the search the ui sent (page 1 onwards, its per_page). */
export async function askPages(stack: Pick<Stack, "token">, url: URL, pages: number): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= pages; page++) {
    const next = new URL(url);
    next.searchParams.set("page", String(page));
    names.push(...(await askProxy(stack, next)).names);
  }
  return names;
}

/**
 * The service's names of what the grid shows for the first `pages` pages of a search: one cell per
 * icon (the variants of one name in one set together, where the first of them came).
 */
export async function askIcons(stack: Pick<Stack, "token">, url: URL, pages: number): Promise<string[]> {
  const shown: string[] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= pages; page++) {
    const next = new URL(url);
    next.searchParams.set("page", String(page));
    for (const item of (await askProxy(stack, next)).items) {
      const key = item.variant && item.contributor ? `${item.contributor}/${item.name}` : `own/${item.uuid}`;
      if (seen.has(key)) continue;
      seen.add(key);
      shown.push(item.name);
    }
  }
  return shown;
}

/** Types a query and resolves with the names of its cells (two pages) once its first cell is painted. */
export async function searchFor(
  harness: Harness,
  stack: Pick<Stack, "token">,
  query: string,
): Promise<string[]> {
  const seen = watchSearches(harness);
  await searchField(harness.ui).fill(query);
  const sent = () => seen.find((url) => url.searchParams.get("query") === query);
  await until(() => sent() !== undefined).toBe(true);
  const names = await askIcons(stack, sent()!, 2);
  // The page's first cell, or one of its real drawings of the chosen weight (shown first).
  await until(async () => names.includes((await cellNames(harness.ui))[0] ?? "")).toBe(true);
  return names;
}

/** Draws the emulated canvas and saves the whole screen under test/e2e/artifacts/<name>.png. */
export async function screenshot(harness: Harness, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  await harness.drawCanvas();
  const path = join(ARTIFACTS, `${name}.png`);
  await harness.page.screenshot({ path });
  return path;
}

/** The plugin window resized as the designer's grip would (the iframe fills it), once the ui has the width. */
export async function resizeWindow(harness: Harness, width: number): Promise<void> {
  await harness.page.locator("#window").evaluate((el, w) => {
    (el as HTMLElement).style.width = `${w}px`;
  }, width);
  await until(() => harness.ui.evaluate(() => window.innerWidth)).toBe(width);
}

export interface WindowShotOptions {
  /**
   * Wait until every picture in the window has loaded first (a new src shows only once decoded).
   * Off by default: a shot of a loading state must not wait for what it shows loading.
   */
  picturesLoaded?: boolean;
}

/** The plugin window alone (not the whole emulated screen), saved as test/e2e/artifacts/<name>.png. */
export async function windowShot(
  harness: Harness,
  name: string,
  options: WindowShotOptions = {},
): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  if (options.picturesLoaded) {
    await until(() => harness.ui.evaluate(() => [...document.images].every((img) => img.complete))).toBe(
      true,
    );
  }
  const path = join(ARTIFACTS, `${name}.png`);
  await harness.page.locator("#window").screenshot({ path });
  return path;
}

/** Figma's narrowest plugin window, its default and a wide one (px). */
export const WINDOW_WIDTHS = [280, 360, 600] as const;

/** The plugin window alone at each of WINDOW_WIDTHS, saved as <name>-<width>.png; its width put back after. */
export async function windowShots(harness: Harness, name: string): Promise<void> {
  const holder = harness.page.locator("#window");
  const original = await holder.evaluate((el) => (el as HTMLElement).style.width);
  for (const width of WINDOW_WIDTHS) {
    await resizeWindow(harness, width);
    // What lays out from the new width (the grid's columns, the chips' fade) gets a moment to settle.
    await harness.page.waitForTimeout(150);
    await windowShot(harness, `${name}-${width}`);
  }
  await holder.evaluate((el, w) => {
    (el as HTMLElement).style.width = w;
  }, original);
}

/** Picks a Lottie animation in the Convert tab's file field, as the designer's file dialog would. */
export async function pickLottie(ui: Frame, lottie: unknown): Promise<void> {
  await ui.locator('input[name="file"]').setInputFiles({
    name: "slide.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(lottie)),
  });
}

/** The weight menu's button at the end of the set chips' row ("Regular ▾"). */
export const weightButton = (ui: Frame): Locator => ui.locator(".weight-menu > button");

/** Picks the weight every cell shows, as a designer does: opens the menu, clicks the row. */
export async function chooseWeight(ui: Frame, name: string | RegExp): Promise<void> {
  const menu = ui.getByRole("radiogroup", { name: "Variant" });
  if (!(await menu.isVisible())) await weightButton(ui).click();
  await menu.getByRole("radio", { name }).click();
}

/** The weights the menu offers, in its order (opened and closed again). */
export async function weightsOffered(ui: Frame): Promise<string[]> {
  await weightButton(ui).click();
  const offered = await ui
    .getByRole("radiogroup", { name: "Variant" })
    .getByRole("radio")
    // Each row's name: its words also say which sets lack the weight ("not in Tabler").
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("aria-label") ?? ""));
  await weightButton(ui).click();
  return offered;
}
