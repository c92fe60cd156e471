// Swapping an icon set in Chromium against the proxy and the local API: a toolbar of Phosphor icons
// (placed by Assetport, so they carry its record) is selected, the window offers "Swap set", the
// review pairs each icon with its Tabler match (by name, by meaning, by looks), a pair is given
// another candidate and one is unticked, and Apply swaps the rest in place in one undo step.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { FigmaEmulator } from "../figma/figma";
import type { EmuFrame } from "../figma/node-types";
import { cutText } from "./support/cut-text";
import type { Harness } from "./support/harness";
import { storedAsset } from "./support/nodes";
import { askProxy, resizeWindow, screenshot, until, windowShots } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession({}, { similarityCache: join(tmpdir(), "assetport-e2e-similarity-descriptors.bin") });

/** Phosphor's drawings of these, regular weight, as the toolbar holds them (the last one locked). */
const TOOLBAR = ["heart", "magnifying-glass", "house", "waves", "bell"] as const;
const uuids = new Map<string, string>();

// The reverse image search's descriptors (tens of seconds on a first run): ready before any test.
beforeAll(async () => {
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: "#000" } })
    .png()
    .toBuffer();
  for (;;) {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "warm.png");
    const response = await fetch(`${e2e.stack.proxyUrl}/v3/reverse-image-search`, {
      method: "POST",
      headers: { authorization: `Bearer ${e2e.stack.token}` },
      body: form,
    });
    if (response.ok) break;
    if (response.status !== 504) throw new Error(`warming the reverse search answered ${response.status}`);
  }
  for (const name of TOOLBAR) {
    const url = new URL(`${e2e.stack.proxyUrl}/v3/search`);
    url.searchParams.set("query", name.replaceAll("-", " "));
    url.searchParams.append("contributors[]", "phosphor");
    const { items } = await askProxy(e2e.stack, url);
    const found = items.find((i) => i.name === name && i.variant === "regular");
    if (!found) throw new Error(`phosphor has no regular ${name}`);
    uuids.set(name, found.uuid);
  }
}, 600_000);

/** An auto-layout toolbar of Phosphor icons at 32 px, blue, as Assetport placed them; selected. */
function toolbar(emulator: FigmaEmulator): EmuFrame {
  const { figma } = emulator;
  const frame = figma.createFrame();
  frame.name = "Toolbar";
  frame.layoutMode = "HORIZONTAL";
  frame.itemSpacing = 16;
  frame.x = 200;
  frame.y = 200;
  for (const name of TOOLBAR) {
    const svg = readFileSync(
      join(import.meta.dirname, `../../node_modules/@phosphor-icons/core/assets/regular/${name}.svg`),
      "utf8",
    ).replaceAll("currentColor", "#0d99ff");
    const icon = figma.createNodeFromSvg(svg);
    icon.name = name;
    icon.rescale(32 / icon.width);
    icon.setPluginData("asset", JSON.stringify({ uuid: uuids.get(name), name, type: "icon" }));
    if (name === "bell") icon.locked = true;
    frame.appendChild(icon);
  }
  figma.currentPage.selection = [frame];
  return frame as unknown as EmuFrame;
}

const pairs = (h: Harness) => h.ui.locator(".swap-pair");
const pairWords = (h: Harness) =>
  pairs(h).evaluateAll((rows) =>
    rows.map((row) => [
      row.querySelector(".swap-pair__name")?.textContent ?? "",
      row.querySelector(".swap-pair__way")?.textContent ?? "",
    ]),
  );

/** Until every pair is matched and every picture shown has loaded. */
async function reviewReady(h: Harness) {
  await until(() => h.ui.locator(".swap__note").textContent()).not.toBe("Matching…");
  await until(() => pairs(h).count()).toBeGreaterThan(0);
  await until(() => h.ui.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}

describe("swap an icon set", () => {
  it("offers the swap for a selected toolbar, reviews each match, and swaps in one undo step", async () => {
    let frame: EmuFrame | undefined;
    const h = await e2e.open({
      prepare: (emulator) => {
        frame = toolbar(emulator);
      },
    });
    const offer = h.ui.locator('[data-testid="swap-offer"]');
    await until(() => offer.textContent()).toContain("4 icons can change set");
    await windowShots(h, "swap-offer-light");
    await offer.getByRole("button", { name: "Swap set" }).click();

    await reviewReady(h);
    // Phosphor's regular weight goes to Tabler's outline (the same family).
    expect(await h.ui.locator('select[name="swap-set"]').inputValue()).toBe("tabler");
    expect(await h.ui.locator('select[name="swap-weight"]').inputValue()).toBe("outline");
    expect(await pairWords(h)).toEqual([
      ["Heart", "Same name"],
      ["Search", "Same meaning"],
      ["Home", "Same meaning"],
      ["Ripple", "Looks alike"],
    ]);
    // The locked bell is named as the cells name icons, and shown in its colour, only not swapped.
    const left = h.ui.locator(".swap-left");
    expect(await left.locator(".swap-pair__name").textContent()).toBe("Bell");
    expect(await left.locator(".swap-pair__way").textContent()).toBe("Locked: unlock to swap");
    expect(await left.locator(".swap-thumb__ink").getAttribute("data-colour")).toBe("#0d99ff");
    // Both pictures of every pair are drawn in the toolbar's blue, on the theme's grey tile.
    const colours = await pairs(h).evaluateAll((rows) =>
      rows.flatMap((row) =>
        [...row.querySelectorAll<HTMLElement>(".swap-pair__line .swap-thumb__ink")].map((ink) => [
          getComputedStyle(ink).backgroundColor,
          getComputedStyle(ink.parentElement!).backgroundColor,
        ]),
      ),
    );
    expect(colours).toEqual(Array(8).fill(["rgb(13, 153, 255)", "rgb(245, 245, 245)"]));
    await windowShots(h, "swap-review-light");
    // Each pair's name and how it was found whole at the narrowest window ("Same na…" no more).
    const wide = await h.ui.evaluate(() => window.innerWidth);
    await resizeWindow(h, 280);
    await expect(cutText(h.ui, ".swap__list")).resolves.toEqual([]);
    await resizeWindow(h, wide);

    // Another candidate for the waves, and the heart left as it is.
    const waves = pairs(h).nth(3);
    await waves.getByRole("button", { name: "Change" }).click();
    const other = waves.locator(".swap-other").first();
    const otherName = await other.getAttribute("title");
    await other.click();
    expect(await waves.locator(".swap-pair__way").textContent()).toBe("Your pick");
    await pairs(h).nth(0).locator('input[type="checkbox"]').uncheck();
    const apply = h.ui.locator(".swap__footer button");
    expect(await apply.textContent()).toBe("Swap 3 icons");
    // The unticked heart says it is kept, steps back, and the count above follows.
    expect(await pairs(h).nth(0).locator(".swap-pair__way").textContent()).toBe("Kept");
    expect(
      await pairs(h)
        .nth(0)
        .locator(".swap-pair__words")
        .evaluate((e) => getComputedStyle(e).opacity),
    ).toBe("0.4");
    expect(await h.ui.locator(".swap__lead").textContent()).toMatch(/^3 of 4 icons in the selection/);
    await windowShots(h, "swap-review-picked-light");

    const undoBefore = h.emulator.state.undoCommits;
    const heart = frame!.children[0]!;
    const namesBefore = frame!.children.map((c) => storedAsset(c as never).name);
    await apply.click();
    await until(() => h.ui.locator('[data-testid="swap-view"]').count()).toBe(0);
    const names = frame!.children.map((c) => storedAsset(c as never).name);
    expect(names).toEqual(["heart", "search", "home", otherName!.toLowerCase().replaceAll(" ", "-"), "bell"]);
    // The unticked heart is the same layer; the rest are new layers in the toolbar's places.
    expect(frame!.children[0]).toBe(heart);
    for (const child of frame!.children) expect([child.width, child.height]).toEqual([32, 32]);
    expect(h.emulator.state.undoCommits - undoBefore).toBe(1);
    // The toast says what happened, in the toast's one type size, with Undo.
    const toast = h.ui.locator('[data-testid="swap-toast"]');
    await until(() => toast.locator(".toast__text").textContent()).toBe("3 icons now Tabler, Outline");
    const sizes = await toast.evaluate((el) =>
      [el.querySelector(".toast__text")!, el.querySelector("button")!].map(
        (e) => getComputedStyle(e).fontSize,
      ),
    );
    expect(sizes).toEqual(["11px", "11px"]);
    await screenshot(h, "swap-applied");
    await windowShots(h, "swap-applied-light");
    // Undo swaps the three back to the icons they were, in one more step; the toast goes.
    await toast.getByRole("button", { name: "Undo" }).click();
    await until(() => toast.count()).toBe(0);
    expect(frame!.children.map((c) => storedAsset(c as never).name)).toEqual(namesBefore);
    expect(h.emulator.state.undoCommits - undoBefore).toBe(2);
  });

  it("opens on the review from the icons' Swap icon set button, in the dark theme", async () => {
    const h = await e2e.open({
      command: "swap",
      theme: "dark",
      prepare: (emulator) => void toolbar(emulator),
    });
    await reviewReady(h);
    expect((await pairWords(h)).map(([name]) => name)).toEqual(["Heart", "Search", "Home", "Ripple"]);
    // On dark's own grey (#383838), never a white tile.
    expect(
      await pairs(h)
        .first()
        .locator(".swap-thumb")
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor),
    ).toBe("rgb(56, 56, 56)");
    await windowShots(h, "swap-review-dark");
    await h.ui.locator('select[name="swap-set"]').selectOption("phosphor");
    await until(() => h.ui.locator('select[name="swap-weight"]').inputValue()).toBe("regular");
    await h.ui.locator('select[name="swap-weight"]').selectOption("bold");
    await reviewReady(h);
    expect(await pairWords(h)).toEqual([
      ["Heart", "Same name"],
      ["Magnifying glass", "Same name"],
      ["House", "Same name"],
      ["Waves", "Same name"],
    ]);
    // Truly the same names: the canvas holds Phosphor's regular drawings (TOOLBAR), and only the
    // weight changes; Search, Home and Ripple above were Tabler's words for them.
    await expect(
      pairs(h).evaluateAll((rows) =>
        rows.map((row) => row.querySelector(".swap-pair__name")?.getAttribute("title")),
      ),
    ).resolves.toEqual([
      "Heart → Heart",
      "Magnifying glass → Magnifying glass",
      "House → House",
      "Waves → Waves",
    ]);
    await windowShots(h, "swap-review-bold-dark");
  });

  it("with nothing selected, says so and looks over the whole page when asked", async () => {
    const h = await e2e.open({
      command: "swap",
      prepare: (emulator) => {
        toolbar(emulator);
        emulator.figma.currentPage.selection = [];
      },
    });
    const empty = h.ui.locator('[data-testid="swap-view"] .empty-state');
    await until(() => empty.textContent()).toContain("Select the icons to swap");
    await windowShots(h, "swap-nothing-selected-light");
    await empty.getByRole("button", { name: "Find icons on this page" }).click();
    await reviewReady(h);
    expect(await h.ui.locator(".swap__lead").textContent()).toContain("4 icons on this page");
  });

  it("starts on the icons the designer selects while it asks for them", async () => {
    let frame: EmuFrame | undefined;
    const h = await e2e.open({
      command: "swap",
      prepare: (emulator) => {
        frame = toolbar(emulator);
        emulator.figma.currentPage.selection = [];
      },
    });
    await until(() => h.ui.locator('[data-testid="swap-view"] .empty-state').count()).toBe(1);
    h.emulator.figma.currentPage.selection = [frame!];
    await reviewReady(h);
    expect(await h.ui.locator(".swap__lead").textContent()).toContain("4 icons in the selection");
  });
});
