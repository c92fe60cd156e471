// A later open, in Chromium against the stricter host: the home the last window kept is painted
// before any search is answered (every search held here), its sample pictures inlined, in light and
// dark at 280, 360 and 600 px (kept-home-THEME-WIDTH.png); then the answers refresh it in place.
import { describe, expect, it } from "vitest";
import type { Harness } from "./support/harness";
import { until, windowShots } from "./support/plugin";
import { e2eSession } from "./support/session";

const e2e = e2eSession();
const SNAPSHOT = "assetport.home-snapshot";

/** What every set card shows: its name, its count line, and whether its pictures are drawn. */
const cards = (harness: Harness) =>
  harness.ui.evaluate(() =>
    [...document.querySelectorAll(".set-card")].map((card) => ({
      name: card.querySelector(".set-card__name")?.textContent ?? "",
      count: card.querySelector(".set-card__count")?.textContent ?? "",
      busy: card.getAttribute("aria-busy") === "true",
      pictures: [...card.querySelectorAll("img")].map((img) => ({
        inline: img.src.startsWith("data:image/"),
        drawn: img.complete && img.naturalWidth > 0,
      })),
    })),
  );

describe("a later open", () => {
  it("paints the home the last window kept before any search answers, then refreshes it", async () => {
    // The first window: its home counted, then kept.
    const first = await e2e.open();
    const storage = first.emulator.figma.clientStorage;
    await until(async () => typeof (await storage.getAsync(SNAPSHOT))).toBe("string");
    const kept = await storage.getAsync(SNAPSHOT);
    const counted = await cards(first);
    expect(counted.length).toBeGreaterThan(1);

    for (const theme of ["light", "dark"] as const) {
      // Every search held until released: what shows meanwhile is the kept home alone.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let searches = 0;
      await e2e.browser.context.route(/\/v3\/search/, async (route) => {
        searches++;
        await held;
        await route.continue();
      });
      try {
        const harness = await e2e.open({
          theme,
          prepare: (emulator) => emulator.figma.clientStorage.setAsync(SNAPSHOT, kept),
        });
        await until(async () => (await cards(harness)).length).toBe(counted.length);
        const early = await cards(harness);
        expect(early.map((c) => [c.name, c.count])).toEqual(counted.map((c) => [c.name, c.count]));
        expect(early.every((c) => !c.busy && c.pictures.length > 0)).toBe(true);
        await until(async () =>
          (await cards(harness)).every((c) => c.pictures.every((p) => p.inline && p.drawn)),
        ).toBe(true);
        // The featured icons too. The route above cannot hold the browse: it now leaves while the
        // page's script starts, before the route reaches the frame, so its answer may already be in.
        // The kept icons painting before any answer is test/ui/home-kept.test.tsx's; here, they are
        // kept with their pictures inlined, and cells show.
        const keptFeatured = (JSON.parse(kept as string).featured ?? []) as { urls: { preview?: string } }[];
        expect(keptFeatured.length).toBeGreaterThan(0);
        expect(keptFeatured.every((icon) => icon.urls.preview?.startsWith("data:image/"))).toBe(true);
        expect(await harness.ui.locator(".home__featured-item img").count()).toBeGreaterThan(0);
        // The set chips above say the same figures, "All sets" included.
        const chips = await harness.ui
          .locator(".sets [role=radio]")
          .evaluateAll((els) => els.map((el) => el.querySelector(".sets__count")?.textContent ?? ""));
        expect(chips.length).toBe(counted.length + 1);
        expect(chips.every((figure) => /\d/.test(figure))).toBe(true);
        // Nothing was answered: the searches that left are still held.
        expect(searches).toBeGreaterThan(0);
        await windowShots(harness, `kept-home-${theme}`);

        release();
        await until(() =>
          harness.ui.evaluate(() => performance.getEntriesByName("assetport:first-results").length),
        ).toBe(1);
        await harness.settle();
        const after = await cards(harness);
        expect(after.map((c) => [c.name, c.count])).toEqual(counted.map((c) => [c.name, c.count]));
        expect(after.every((c) => c.pictures.every((p) => p.drawn))).toBe(true);
      } finally {
        release();
        await e2e.browser.context.unroute(/\/v3\/search/);
      }
    }
  });
});
