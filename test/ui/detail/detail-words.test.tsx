// @vitest-environment happy-dom
// The details say what the rest of the window says: a Lottie's formats in the insert bar's words with
// its Still offered too (the same setting as the bar's Moving/Still), and one word for a picture's
// style in the subtitle and the facts.
import { signal } from "@preact/signals";
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import type { Format } from "../../../src/api/contract/tables";
import { DEFAULT_SETTINGS } from "../../../src/messages/settings";
import type { Settings } from "../../../src/messages/types";
import { DetailChoices } from "../../../src/ui/detail/DetailChoices";
import { detailRows } from "../../../src/ui/detail/detail-facts";
import { subtitleStyle } from "../../../src/ui/detail/detail-words";
import { facts } from "./facts-fixture";

const root = () => document.body.appendChild(document.createElement("div"));
afterEach(() => {
  document.body.innerHTML = "";
});

function mountChoices(formats: Format[]) {
  const settings = signal<Settings>({ ...DEFAULT_SETTINGS });
  const store = {
    settings,
    async update(patch: Partial<Settings>) {
      settings.value = { ...settings.value, ...patch };
    },
  };
  const detail = { format: signal<Format>("gif"), rasterSize: signal<number | null>(null) };
  const host = root();
  render(<DetailChoices detail={detail} settings={store} type="lottie" formats={formats} size={512} />, host);
  const group = host.querySelector<HTMLElement>('[role="radiogroup"][aria-label="Format"]')!;
  const labels = () => [...group.querySelectorAll(".segmented__label")].map((l) => l.textContent);
  const checked = () => group.querySelector<HTMLInputElement>("input:checked")?.value;
  const pick = (value: string) =>
    act(() => {
      group.querySelector<HTMLInputElement>(`input[value="${value}"]`)!.click();
    });
  return { settings, detail, labels, checked, pick };
}

describe("a Lottie's formats in the details", () => {
  it("reads as the bar's words (Moving, Still), never GIF JSON LOTTIE", () => {
    const ui = mountChoices(["gif", "json", "lottie"]);
    expect(ui.labels()).toEqual(["Moving", "Still", "Lottie JSON", "dotLottie"]);
    expect(ui.checked()).toBe("gif");
  });

  it("picks Still as the bar's setting, so both say the same, and back to moving", async () => {
    const ui = mountChoices(["gif", "json", "lottie"]);
    await ui.pick("still");
    expect(ui.settings.value.lottieAs).toBe("first-frame");
    expect(ui.detail.format.value).toBe("gif");
    expect(ui.checked()).toBe("still");
    await ui.pick("gif");
    expect(ui.settings.value.lottieAs).toBe("gif");
    await ui.pick("json");
    expect(ui.detail.format.value).toBe("json");
    // A file format leaves the bar's Moving/Still as it was.
    expect(ui.settings.value.lottieAs).toBe("gif");
  });

  it("shows Still as chosen when the bar already asks for a still", async () => {
    const ui = mountChoices(["gif", "json"]);
    await act(() => {
      ui.settings.value = { ...ui.settings.value, lottieAs: "first-frame" };
    });
    expect(ui.checked()).toBe("still");
  });
});

describe("one word for a picture's style", () => {
  it("names an illustration's style in the subtitle, and not again in the facts", () => {
    // OpenMoji's variant is "color", its style "colored-outline": the subtitle said one, the facts the other.
    const shown = subtitleStyle("illustration", ["colored-outline"], "Color");
    expect(shown).toBe("Colored outline");
    const rows = detailRows(facts({ styles: ["colored-outline"] }), {
      type: "illustration",
      shownStyle: shown,
    });
    expect(rows.map(([label]) => label)).not.toContain("Style");
  });

  it("keeps an icon's weight in the subtitle and its style in the facts", () => {
    expect(subtitleStyle("icon", ["line"], "Bold")).toBe("Bold");
    const rows = detailRows(facts({ styles: ["line"] }), { type: "icon", shownStyle: "Bold" });
    expect(rows).toContainEqual(["Style", "Line"]);
  });
});
