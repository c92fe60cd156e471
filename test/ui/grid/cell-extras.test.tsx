// @vitest-environment happy-dom
// What a results cell shows beyond its picture: the icon drawn in the insert bar's colour (a mask
// over that colour, never the service's markup in the page), an info button to its details, and a
// weight menu whose choices stay put while pages of other sets arrive.
import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Asset } from "../../../src/api/contract/spec-objects";
import { cssUrl, previewTint, tintable } from "../../../src/ui/grid/preview-tint";
import { variantChoices } from "../../../src/ui/variants/group-variants";
import { WeightMenu } from "../../../src/ui/variants/WeightMenu";
import { PROXY } from "../support/fake-service";
import { iconItem } from "../support/icon-items";
import { COLOURS } from "../support/insert-options";
import { fakeLayout, settle } from "../support/mount";
import { mountGrid } from "../support/mount-grid";

/** A line icon unless said otherwise: the colour previews tint line icons only. */
const icon = (set: string, name: string, variant: string, styles = ["line"]) =>
  iconItem(set, name, variant, { styles });
const mount = mountGrid;

describe("a cell's extras", () => {
  beforeAll(() => fakeLayout(360, 400));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("draws one-colour icons in the chosen colour, and leaves colour icons as drawn", async () => {
    const ui = await mount([icon("tabler", "a", "outline"), icon("fluent", "b", "color", ["flat"])], {
      iconColor: "#e03e1a",
    });
    const cells = ui.container.querySelectorAll('[role="gridcell"]');
    const tint = cells[0]?.querySelector<HTMLElement>(".preview__tint");
    expect(tint?.dataset.tint).toBe("#e03e1a");
    // The picture still loads as an image (its failure is still seen), unseen under the mask.
    expect(cells[0]?.querySelector("img")?.getAttribute("src")).toBe(
      `${PROXY}/previews/tabler-a-outline.svg`,
    );
    expect(cells[1]?.querySelector(".preview__tint")).toBeNull();
    expect(cells[1]?.querySelector("img")).not.toBeNull();
  });

  it("draws them in a colour variable bound in an earlier session, as the file resolves it", async () => {
    const kept = { kind: "variable" as const, id: "VariableID:1:0", name: "icon/primary" };
    const ui = await mount([icon("tabler", "a", "outline")], {}, (type) => {
      if (type === "document-colours") return COLOURS;
      if (type === "file-colour-get") return { choice: kept, gone: false };
      return undefined;
    });
    await settle();
    const tint = ui.container.querySelector<HTMLElement>('[role="gridcell"] .preview__tint');
    expect(tint?.dataset.tint).toBe("#0d99ff");
  });

  it("shows the service's picture when the icon's own colours are chosen", async () => {
    const ui = await mount([icon("tabler", "a", "outline")]);
    expect(ui.container.querySelector(".preview__tint")).toBeNull();
  });

  it("opens the details from the cell's info button, without inserting", async () => {
    const ui = await mount([icon("tabler", "a", "outline")]);
    const info = ui.container.querySelector<HTMLElement>('[role="gridcell"] .cell__info');
    expect(info?.getAttribute("aria-label")).toBe("Details of A, Tabler, Outline");
    await act(() => info?.click());
    await settle();
    expect(ui.app.detail.open.value?.asset.uuid).toBe("tabler-a-outline");
    expect(ui.plugin.sentOf("insert")).toHaveLength(0);
  });
});

describe("the colour previews are drawn in", () => {
  const colours = {
    variables: [{ id: "v1", name: "Icons/Ink", collection: "Brand", color: "#112233" }],
    styles: [{ id: "s1", name: "Accent", color: "#445566" }],
  };
  it("is the hex, or the bound variable's or style's resolved colour", () => {
    expect(previewTint({ hex: "#ff0000", choice: null, gone: false, colours: null })).toBe("#ff0000");
    const variable = { kind: "variable" as const, id: "v1", name: "Icons/Ink" };
    expect(previewTint({ hex: null, choice: variable, gone: false, colours })).toBe("#112233");
    const style = { kind: "style" as const, id: "s1", name: "Accent" };
    expect(previewTint({ hex: null, choice: style, gone: false, colours })).toBe("#445566");
  });
  it("is none for own colours, a deleted variable, or anything that is not a colour", () => {
    const variable = { kind: "variable" as const, id: "v1", name: "Icons/Ink" };
    expect(previewTint({ hex: null, choice: null, gone: false, colours })).toBeNull();
    expect(previewTint({ hex: null, choice: variable, gone: true, colours })).toBeNull();
    expect(previewTint({ hex: "red;background:url(x)", choice: null, gone: false, colours })).toBeNull();
  });
  it("tints only icons whose every style is one colour", () => {
    const asset = (styles: unknown) => ({ uuid: "u", name: "n", styles }) as unknown as Asset;
    expect(tintable(asset(["line"]), "icon")).toBe(true);
    expect(tintable(asset(["dualtone"]), "icon")).toBe(true);
    expect(tintable(asset(["line", "flat"]), "icon")).toBe(false);
    expect(tintable(asset(undefined), "icon")).toBe(false);
    expect(tintable(asset(["line"]), "illustration")).toBe(false);
  });
  it("quotes the link so it cannot end the url()", () => {
    expect(cssUrl('https://x/a") , url("evil')).toBe('url("https://x/a%22) , url(%22evil")');
  });
});

describe("the variant switch's choices", () => {
  const tabler = (name: string) => icon("tabler", name, "outline") as unknown as Asset;
  it("come from the sets' variants, so a first page of one set already offers the other's", () => {
    const sets = new Map([
      ["phosphor", ["regular", "bold", "light", "thin", "fill", "duotone"]],
      ["tabler", ["outline", "filled"]],
    ]);
    const onlyTabler = variantChoices([{ key: "a", members: [tabler("a")] }], sets);
    // By thickness, one word each: the other set's spelling waits in the tooltip.
    expect(onlyTabler.map((c) => c.label)).toEqual(["Thin", "Light", "Regular", "Bold", "Fill", "Duotone"]);
    expect(onlyTabler.map((c) => c.others)).toEqual([
      "",
      "",
      "Outline in Tabler",
      "",
      "Filled in Tabler",
      "",
    ]);
  });
  it("show one label per row and the other spelling on hover, Regular chosen by default", async () => {
    const sets = new Map([
      ["phosphor", ["regular", "bold", "fill"]],
      ["tabler", ["outline", "filled"]],
    ]);
    const choices = variantChoices([{ key: "a", members: [tabler("a")] }], sets);
    const host = document.createElement("div");
    document.body.append(host);
    render(<WeightMenu choices={choices} chosen={null} onChoose={() => {}} />, host);
    expect(host.querySelector('[data-testid="weight-chosen"]')?.textContent).toBe("Regular");
    await act(() => host.querySelector<HTMLElement>(".weight-menu > button")?.click());
    const segments = [...host.querySelectorAll<HTMLElement>('[role="radio"]')];
    expect(segments.map((s) => s.querySelector(".menu__text")?.textContent)).toEqual([
      "Regular",
      "Bold",
      "Fill",
    ]);
    expect(segments[0]!.title).toBe("Regular · Outline in Tabler");
    // Bold is Phosphor's alone: its row says which set has none, its tooltip why the cells differ.
    expect(segments.map((s) => s.querySelector(".menu__aside")?.textContent ?? "")).toEqual([
      "",
      "not in Tabler",
      "",
    ]);
    expect(segments[1]!.title).toBe("Bold · No Bold in Tabler: shown in another drawing");
    expect(segments[2]!.title).toBe("Fill · Filled in Tabler");
    expect(host.querySelector('[aria-checked="true"]')?.getAttribute("aria-label")).toBe("Regular");
    render(null, host);
  });
});
