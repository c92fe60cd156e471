// The shared controls that must read in both themes, measured in Chromium from the window's own
// stylesheet: a disabled button's words against its fill (UI3: text-disabled on bg-disabled), and a
// progress bar's track against the window behind it (bg-secondary vanished on dark's #2c2c2c).
import { describe, expect, it } from "vitest";
import { e2eSession } from "./support/session";

const e2e = e2eSession();

/** Contrast ratios of a disabled button's words on its fill and of a progress track on the window. */
async function measure(theme: "light" | "dark") {
  const { ui } = await e2e.open({ theme });
  return ui.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const paint = canvas.getContext("2d", { willReadFrequently: true })!;
    // Colours read through a canvas, so color-mix() and translucent values count as drawn.
    const rgba = (css: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = "#000";
      paint.fillStyle = css;
      paint.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255] as const;
    };
    const over = (top: readonly number[], under: readonly number[]) =>
      [0, 1, 2].map((i) => top[i]! * top[3]! + under[i]! * (1 - top[3]!));
    const luminance = (c: readonly number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: readonly number[], b: readonly number[]) => {
      const [x, y] = [luminance(a), luminance(b)];
      return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
    };
    const host = document.querySelector("#app") ?? document.body;
    const window = over(rgba(getComputedStyle(document.body).backgroundColor), [255, 255, 255]);
    const button = document.createElement("button");
    button.className = "button";
    button.disabled = true;
    button.textContent = "Generate";
    const bar = document.createElement("progress");
    bar.className = "progress-bar";
    bar.max = 4;
    bar.value = 0;
    host.append(button, bar);
    const fill = over(rgba(getComputedStyle(button).backgroundColor), window);
    const words = over(rgba(getComputedStyle(button).color), fill);
    const track = over(rgba(getComputedStyle(bar).backgroundColor), window);
    button.remove();
    bar.remove();
    return { disabledWords: ratio(words, fill), track: ratio(track, window) };
  });
}

describe("controls in both themes", () => {
  for (const theme of ["light", "dark"] as const) {
    it(`a disabled button can be read and a progress track seen (${theme})`, async () => {
      const { disabledWords, track } = await measure(theme);
      // WCAG exempts disabled controls; 3:1 (its floor for large text) keeps the words readable.
      expect(disabledWords).toBeGreaterThanOrEqual(3);
      // A track is a shape, not words: 1.3:1 tells it from the window (bg-secondary gave 1.1 to 1.2).
      expect(track).toBeGreaterThanOrEqual(1.3);
    });
  }
});
