// @vitest-environment happy-dom
// The AI tab as a designer reads it, over the scripted proxy and the fake plugin: only the operations
// the catalogue lists, what the plan lacks and why, the model picker and image input each operation
// takes, the cost with the allowance warning, the keep-or-hide choice kept in settings, and a layer
// the service cannot reach by URL explained. The flows themselves run in test/ui/ai over the local API.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { SelectedNode, SelectionInfo } from "../../src/messages/types";
import { AiView } from "../../src/ui/ai/AiView";
import { fakePlugin, NO_SELECTION, selectionOf } from "./support/fake-plugin";
import { failure, json, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountView, settle } from "./support/mount";

const creditsRoute =
  (remaining: number): Route =>
  (url) =>
    url.pathname === "/v3/credits"
      ? json({ credits: { allowance: 100, used: 100 - remaining, remaining, period_end: "2026-12-14" } })
      : undefined;

type Entry = {
  operation: string;
  credit_cost: number;
  image_input: string;
  available?: boolean;
  why?: string;
};

const operationsRoute =
  (entries: Entry[]): Route =>
  (url) =>
    url.pathname === "/v3/ai/operations"
      ? json({
          operations: entries.map((e) => ({
            operation: e.operation,
            credit_cost: e.credit_cost,
            image_input: e.image_input,
            available_on_your_plan: e.available ?? true,
            ...(e.why ? { unavailable_reason: e.why } : {}),
          })),
          max_upload_kb: 5120,
        })
      : undefined;

const modelsRoute: Route = (url) =>
  url.pathname === "/v3/ai/models"
    ? json({
        models: [
          { model: "pix-1", name: "Pix", operations: ["text-to-image", "image-to-image"], credit_cost: 3 },
          { model: "pix-2", name: "Pix Pro", operations: ["text-to-image"], credit_cost: 6 },
          { model: "mesh-1", name: "Mesh", operations: ["text-to-3d", "image-to-3d"], credit_cost: 8 },
        ],
      })
    : undefined;

const EVERY: Entry[] = [
  { operation: "text-to-image", credit_cost: 3, image_input: "optional" },
  { operation: "image-to-image", credit_cost: 3, image_input: "required" },
  { operation: "text-to-3d", credit_cost: 8, image_input: "none" },
  { operation: "image-to-3d", credit_cost: 8, image_input: "required" },
  { operation: "vectorize", credit_cost: 2, image_input: "required" },
  { operation: "remove-background", credit_cost: 2, image_input: "required" },
  { operation: "smart-group", credit_cost: 1, image_input: "required" },
];

function layer(id: string, extra: Partial<SelectedNode> = {}): SelectedNode {
  return {
    id,
    name: `Layer ${id}`,
    nodeType: "RECTANGLE",
    width: 64,
    height: 48,
    exportable: true,
    hasImageFill: true,
    ...extra,
  };
}

/** Each time the tab's "Open connection settings" was pressed. */
const settingsOpened: true[] = [];

/** The AI tab alone, with the stores it takes. */
function openAi(options: { entries?: Entry[]; remaining?: number; selection?: SelectionInfo } = {}) {
  const plugin = fakePlugin({ selection: options.selection ?? NO_SELECTION });
  return mountView(
    {
      plugin,
      routes: [
        searchRoute(0),
        creditsRoute(options.remaining ?? 90),
        operationsRoute(options.entries ?? EVERY),
        modelsRoute,
      ],
    },
    (app) => (
      <AiView
        ai={app.ai}
        selection={app.selection}
        runs={app}
        batch={app.batch}
        openSettings={() => settingsOpened.push(true)}
      />
    ),
  );
}

const select = (container: HTMLElement, name: string) =>
  container.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
const optionsOf = (container: HTMLElement, name: string) =>
  [...(select(container, name)?.options ?? [])].map((o) => [o.value, o.textContent]);
/** The image-source segments as [value, words]; [] when the operation takes no image. */
const imageSourcesOf = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-name="ai-image-from"] [role="radio"]')].map((b) => [
    b.dataset.value,
    b.textContent,
  ]);
const submit = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>('[data-testid="ai-submit"]')!;
const text = (container: HTMLElement, testId: string) =>
  container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

/** The operation shown on the menu's button, or null when there is no menu. */
const operationOf = (container: HTMLElement) =>
  container.querySelector<HTMLElement>('[data-testid="ai-operation"]')?.dataset.value ?? null;
const operationButton = (container: HTMLElement) =>
  container.querySelector<HTMLButtonElement>(".ai-operation button[aria-haspopup]")!;

/** The operation menu's rows as [value, words], read with the menu open, which is closed again. */
async function operationsOf(container: HTMLElement): Promise<[string, string][]> {
  await act(() => operationButton(container).click());
  const rows = [...container.querySelectorAll<HTMLElement>(".ai-operation .menu__item")].map(
    (row) => [row.dataset.value ?? "", row.textContent ?? ""] as [string, string],
  );
  await act(() => operationButton(container).click());
  return rows;
}

async function chooseOperation(container: HTMLElement, value: string) {
  await act(() => operationButton(container).click());
  await act(() =>
    container.querySelector<HTMLElement>(`.ai-operation .menu__item[data-value="${value}"]`)!.click(),
  );
}

function choose(container: HTMLElement, name: string, value: string) {
  const field = select(container, name)!;
  return act(() => {
    field.value = value;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  });
}

describe("the AI tab", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("offers the operations the catalogue lists, smart-group only when it is listed", async () => {
    const all = await openAi();
    expect((await operationsOf(all.container)).map(([value]) => value)).toEqual(
      EVERY.map((e) => e.operation),
    );
    expect(operationOf(all.container)).toBe("vectorize");
    all.unmount();
    const without = await openAi({ entries: EVERY.filter((e) => e.operation !== "smart-group") });
    expect((await operationsOf(without.container)).map(([value]) => value)).not.toContain("smart-group");
    expect(without.service.requests.some((r) => new URL(r.url).pathname === "/v3/ai/operations")).toBe(true);
  });

  it("picks the operation from the window's own menu, by keyboard too, never a native select", async () => {
    const ui = await openAi({ selection: selectionOf(layer("1:2")) });
    expect(ui.container.querySelector("select")).toBeNull();
    const button = operationButton(ui.container);
    expect(button.getAttribute("aria-label")).toBe("Operation: Vectorize");
    await act(() => button.click());
    // Opened on the chosen row; the arrows walk the rows.
    const rows = [...ui.container.querySelectorAll<HTMLElement>(".ai-operation .menu__item")];
    expect(document.activeElement).toBe(rows.find((row) => row.dataset.value === "vectorize"));
    expect(rows.find((row) => row.dataset.value === "vectorize")?.getAttribute("aria-checked")).toBe("true");
    await act(() => {
      document.activeElement!.dispatchEvent(
        new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }),
      );
    });
    expect((document.activeElement as HTMLElement).dataset.value).toBe("remove-background");
    await act(() => (document.activeElement as HTMLElement).click());
    expect(operationOf(ui.container)).toBe("remove-background");
    expect(ui.container.querySelector(".ai-operation .menu")).toBeNull();
    expect(document.activeElement).toBe(operationButton(ui.container));
    // Escape closes the menu without choosing, and goes no further.
    await act(() => operationButton(ui.container).click());
    const escapeKey = new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true });
    await act(() => {
      document.activeElement!.dispatchEvent(escapeKey);
    });
    expect(escapeKey.defaultPrevented).toBe(true);
    expect(ui.container.querySelector(".ai-operation .menu")).toBeNull();
    expect(operationOf(ui.container)).toBe("remove-background");
  });

  it("lists what can run first; the rest plain disabled rows saying Not set up, the detail in a tooltip", async () => {
    // The local service without a generator: no model at all, and the catalogue says the generators
    // are off in words meant for whoever runs it.
    const noGenerator: Route = (url) => (url.pathname === "/v3/ai/models" ? json({ models: [] }) : undefined);
    const why = "text-to-image needs an AI provider, and this local server has none configured.";
    const entries = EVERY.map((e) =>
      e.operation === "smart-group" ? { ...e, available: false, why: "AI is switched off for this app." } : e,
    ).map((e) => (e.operation.includes("-to-") ? { ...e, available: false, why } : e));
    const ui = await mountView(
      {
        plugin: fakePlugin({ selection: selectionOf(layer("1:2")) }),
        routes: [searchRoute(0), creditsRoute(90), operationsRoute(entries), noGenerator],
      },
      (app) => (
        <AiView
          ai={app.ai}
          selection={app.selection}
          runs={app}
          batch={app.batch}
          openSettings={() => settingsOpened.push(true)}
        />
      ),
    );
    await act(() => operationButton(ui.container).click());
    const rowsOf = (group: Element) =>
      [...group.querySelectorAll<HTMLElement>(".menu__item")].map((row) => ({
        name: row.querySelector(".menu__text")?.textContent,
        hint: row.querySelector(".op-menu__hint")?.textContent ?? null,
        disabled: row.getAttribute("aria-disabled") === "true",
        tooltip: row.title,
      }));
    const groups = [...ui.container.querySelectorAll<HTMLElement>(".ai-operation .op-menu__group")];
    expect(groups.map((group) => group.dataset.group)).toEqual(["ready", "unavailable"]);
    expect(rowsOf(groups[0]!)).toEqual([
      { name: "Vectorize", hint: null, disabled: false, tooltip: "" },
      { name: "Remove background", hint: null, disabled: false, tooltip: "" },
    ]);
    const generator = expect.stringMatching(
      /needs a generator connected to Assetport\. Ask whoever set up Assetport for your team to connect one\.$/,
    );
    const plan = "Not included in your team's plan or Assetport service yet. An admin can turn it on.";
    expect(rowsOf(groups[1]!)).toEqual([
      ...["Text to image", "Image to image", "Text to 3D", "Image to 3D"].map((name) => ({
        name,
        hint: "Not set up",
        disabled: true,
        tooltip: generator,
      })),
      { name: "Smart group", hint: "Not set up", disabled: true, tooltip: plan },
    ]);
    // No paragraphs in the menu: no group titles or notes, and the service's own words are not shown.
    expect(
      ui.container.querySelector(".ai-operation .op-menu__title, .ai-operation .op-menu__note"),
    ).toBeNull();
    expect(ui.container.querySelector(".ai-operation .popover")?.textContent).not.toMatch(
      /not on your plan\)|AI provider|local server/,
    );
    // A disabled row picks nothing and leaves the menu open.
    await act(() =>
      ui.container.querySelector<HTMLElement>('.ai-operation .menu__item[data-value="smart-group"]')!.click(),
    );
    expect(ui.container.querySelector(".ai-operation .menu")).not.toBeNull();
    await act(() => operationButton(ui.container).click());
    expect(operationOf(ui.container)).toBe("vectorize");
  });

  it("nothing here can run: an empty state with what fixes it, not a form that cannot work", async () => {
    const noGenerator: Route = (url) => (url.pathname === "/v3/ai/models" ? json({ models: [] }) : undefined);
    const generators = EVERY.filter((e) => e.operation.includes("-to-")).map((e) => ({
      ...e,
      credit_cost: 4,
      available: false,
      why: "needs an AI provider",
    }));
    const ui = await mountView(
      {
        plugin: fakePlugin(),
        routes: [searchRoute(0), creditsRoute(90), operationsRoute(generators), noGenerator],
      },
      (app) => (
        <AiView
          ai={app.ai}
          selection={app.selection}
          runs={app}
          batch={app.batch}
          openSettings={() => settingsOpened.push(true)}
        />
      ),
    );
    const empty = ui.container.querySelector<HTMLElement>('[data-testid="ai-unavailable"]');
    expect(empty?.querySelector(".empty-state__title")?.textContent).toBe("Image generation is not set up");
    expect(empty?.querySelector(".empty-state__body")?.textContent).toBe(
      "Ask whoever set up Assetport for your team to connect an image generator.",
    );
    // No form and no button that cannot work, but the picker stays above, every row in it disabled
    // with its reason, so the tab is not a dead end once something can run.
    expect(ui.container.querySelector('textarea[name="ai-prompt"]')).toBeNull();
    const picker = ui.container.querySelector(".ai-operation");
    expect(picker).not.toBeNull();
    expect(picker!.compareDocumentPosition(empty!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(() => operationButton(ui.container).click());
    const rows = [...ui.container.querySelectorAll<HTMLElement>(".ai-operation .menu__item")];
    expect(rows.length).toBe(generators.length);
    expect(rows.every((row) => row.getAttribute("aria-disabled") === "true")).toBe(true);
    await act(() => operationButton(ui.container).click());
    expect(ui.container.querySelector('[data-testid="ai-submit"]')).toBeNull();
    expect(ui.container.textContent).not.toMatch(/AI provider/);
    const before = settingsOpened.length;
    const fix = [...empty!.querySelectorAll("button")].find(
      (b) => b.textContent === "Open connection settings",
    );
    await act(() => fix!.click());
    expect(settingsOpened.length).toBe(before + 1);
  });

  it("shows the cost before sending, with a warning when it passes what is left", async () => {
    const ui = await openAi({ remaining: 1, selection: selectionOf(layer("1:2")) });
    expect(text(ui.container, "cost")).toMatch(/^Costs 2 credits(?! ·)/);
    // Cost and button share one footer row, as in the Convert tab.
    const footer = ui.container.querySelector('[data-testid="run-footer"]');
    expect(footer?.querySelector('[data-testid="cost"]')).not.toBeNull();
    expect(footer?.contains(submit(ui.container))).toBe(true);
    expect(ui.container.querySelector(".cost__warning")?.textContent).toMatch(
      /passes what is left.*2026-12-14/,
    );
    await chooseOperation(ui.container, "smart-group");
    expect(text(ui.container, "cost")).toBe("Costs 1 credit");
    expect(ui.container.querySelector(".cost__warning")).toBeNull();
  });

  it("remove background says what to expect of a busy photo before the button that spends credits", async () => {
    const ui = await openAi({ selection: selectionOf(layer("1:2")) });
    await chooseOperation(ui.container, "remove-background");
    const what = ui.container.querySelector(".ai__what");
    expect(what?.textContent).toMatch(/plain, shaded or lightly textured.*busy photo/);
    // DOCUMENT_POSITION_FOLLOWING: the button comes after the sentence.
    expect(what!.compareDocumentPosition(submit(ui.container)) & 4).toBe(4);
  });

  it("each generator: its models, its price per model, and the image input its image_input allows", async () => {
    const ui = await openAi();
    await chooseOperation(ui.container, "text-to-image");
    expect(optionsOf(ui.container, "ai-model")).toEqual([
      ["pix-1", "Pix"],
      ["pix-2", "Pix Pro"],
    ]);
    expect(imageSourcesOf(ui.container).map(([value]) => value)).toEqual(["none", "selection", "url"]);
    expect(text(ui.container, "cost")).toMatch(/^Costs 3 credits/);
    await choose(ui.container, "ai-model", "pix-2");
    expect(text(ui.container, "cost")).toMatch(/^Costs 6 credits/);
    expect(text(ui.container, "ai-blocker")).toBe("Describe what to make.");

    await chooseOperation(ui.container, "text-to-3d");
    expect(optionsOf(ui.container, "ai-model")).toEqual([["mesh-1", "Mesh"]]);
    expect(imageSourcesOf(ui.container)).toEqual([]);

    await chooseOperation(ui.container, "image-to-image");
    expect(imageSourcesOf(ui.container).map(([value]) => value)).toEqual(["selection", "url"]);
    await chooseOperation(ui.container, "text-to-image");
    expect(select(ui.container, "ai-model")?.value).toBe("pix-2");
  });

  it("an image from a layer not placed by Assetport is explained; an Assetport layer is named", async () => {
    const ui = await openAi({ selection: selectionOf(layer("1:2", { name: "Sketch" })) });
    await chooseOperation(ui.container, "image-to-3d");
    expect(text(ui.container, "ai-image-source")).toMatch(
      /not placed from Assetport.*cannot reach it by URL/,
    );
    expect(submit(ui.container).disabled).toBe(true);
    await act(() => {
      ui.plugin.emit(
        "selection-changed",
        selectionOf(layer("1:3", { name: "Rocket", assetUuid: "rocket-1" })),
      );
    });
    await settle();
    expect(text(ui.container, "ai-image-source")).toBe("Uses “Rocket”.");
    expect(submit(ui.container).disabled).toBe(false);
  });

  it("vectorize: names the layer it works on, and the hide-or-keep choice is stored", async () => {
    const ui = await openAi({ selection: selectionOf(layer("1:2", { name: "Photo" })) });
    expect(text(ui.container, "ai-source")).toBe("Selected: Photo");
    const hide = ui.container.querySelector<HTMLInputElement>('input[name="hideSource"]')!;
    expect(hide.checked).toBe(false);
    await act(() => {
      hide.click();
    });
    await settle();
    expect(ui.plugin.sentOf("storage-set").at(-1)?.payload).toEqual({
      key: "settings",
      value: { hideSourceAfterVectorize: true },
    });
    expect(ui.container.querySelector<HTMLInputElement>('input[name="hideSource"]')!.checked).toBe(true);
    await act(() => {
      ui.plugin.emit(
        "selection-changed",
        selectionOf(layer("1:4", { hasImageFill: false, nodeType: "ELLIPSE" })),
      );
    });
    await settle();
    expect(text(ui.container, "ai-source")).toMatch(/Select an image layer/);
    expect(submit(ui.container).disabled).toBe(true);
  });

  it("vectorize on several layers: the one button says how many, at what cost, and opens the batch plan", async () => {
    const ui = await openAi({
      selection: selectionOf(layer("1:2"), layer("1:3"), layer("1:4")),
    });
    expect(text(ui.container, "ai-source")).toBe("3 layers selected");
    // The count and the total in the button: the full words, and the short ones a narrow window shows.
    const words = [...submit(ui.container).querySelectorAll(".start-words")].map((w) => w.textContent);
    expect(words).toEqual(["Vectorize 3 layers · 6 credits", "Vectorize 3 · 6 credits"]);
    expect(text(ui.container, "cost")).toBe("Costs 2 credits a layer");
    expect(ui.container.querySelector('input[name="hideSource"]')).toBeNull();
    await act(() => {
      submit(ui.container).click();
    });
    await settle();
    // The plan asks the plugin which layers can go before anything is sent or spent.
    expect(ui.plugin.sentOf("batch-candidates").map((s) => s.payload)).toEqual([{ need: "image" }]);
  });

  it("a catalogue that cannot be read says so, and Try again asks again", async () => {
    let down = true;
    const flaky: Route = (url) =>
      down && url.pathname === "/v3/ai/operations" ? failure(503, "upstream_timeout") : undefined;
    const plugin = fakePlugin();
    const ui = await mountView(
      { plugin, routes: [searchRoute(0), creditsRoute(90), flaky, operationsRoute(EVERY), modelsRoute] },
      (app) => (
        <AiView
          ai={app.ai}
          selection={app.selection}
          runs={app}
          batch={app.batch}
          openSettings={() => settingsOpened.push(true)}
        />
      ),
    );
    await settle(6);
    const asked = () =>
      ui.service.requests.filter((r) => new URL(r.url).pathname === "/v3/ai/operations").length;
    expect(asked()).toBe(1);
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toMatch(/could not be listed/);
    expect(operationOf(ui.container)).toBeNull();
    down = false;
    const again = [...ui.container.querySelectorAll("button")].find((b) => b.textContent === "Try again")!;
    await act(() => {
      again.click();
    });
    await settle();
    expect(asked()).toBe(2);
    expect(operationOf(ui.container)).toBe("vectorize");
  });
});
