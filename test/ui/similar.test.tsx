// @vitest-environment happy-dom
// Find similar over the fake plugin and a scripted reverse image search that reads requests with the
// servers' own parser (refused filters answer 400, as the service does): the selection is uploaded
// once and its image_hash serves every later page and filter change.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { parseReverseSearchRequest } from "../../src/api/server/reverse-request";
import type { SelectedNode, SelectionInfo } from "../../src/messages/types";
import { DetailPanel } from "../../src/ui/detail/DetailPanel";
import { PlacingGrid } from "../../src/ui/grid/PlacingGrid";
import { SimilarView } from "../../src/ui/similar/SimilarView";
import { SIMILAR_EXPORT_MAX_SIDE } from "../../src/ui/similar/selection-export";
import { fakePlugin, NO_SELECTION, selectionOf } from "./support/fake-plugin";
import { failure, json, makeAssets, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, mountView, settle } from "./support/mount";
import { downloadRoute, FRESH_GRANT, fileRoute, granted, SVG } from "./support/routes";

const PAGE = 60;
const TOTAL = 300;
const PNG_A = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const PNG_B = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 4, 5, 6]);

function node(id: string, extra: Partial<SelectedNode> = {}): SelectedNode {
  return {
    id,
    name: `layer ${id}`,
    nodeType: "FRAME",
    width: 24,
    height: 24,
    exportable: true,
    hasImageFill: false,
    ...extra,
  };
}

interface ReverseCall {
  kind: "file" | "hash" | "url";
  hash?: string;
  filters: Record<string, unknown>;
}

/** The reverse image search: a file gets a hash from its bytes; a known hash pages and re-filters. */
function reverseRoute(calls: ReverseCall[], known = new Set<string>()): Route {
  return (url, request) => {
    if (url.pathname !== "/v3/reverse-image-search" || request.method !== "POST") return undefined;
    return (async () => {
      let parsed: Awaited<ReturnType<typeof parseReverseSearchRequest>>;
      try {
        parsed = await parseReverseSearchRequest(request.clone() as Request);
      } catch (caught) {
        return failure(400, (caught as { reason?: string }).reason ?? "invalid_request");
      }
      const { source, filters } = parsed;
      let hash: string;
      if ("file" in source) {
        const bytes = new Uint8Array(await source.file.arrayBuffer());
        hash = `hash-${bytes.join("-")}`;
        known.add(hash);
        calls.push({ kind: "file", filters: { ...filters } });
      } else if ("image_hash" in source) {
        hash = source.image_hash;
        calls.push({ kind: "hash", hash, filters: { ...filters } });
        if (!known.has(hash)) return failure(400, "invalid_request");
      } else {
        calls.push({ kind: "url", filters: { ...filters } });
        return failure(400, "invalid_request");
      }
      const prefix = `${filters.asset ?? "icon"}-like${filters.price ? `-${filters.price}` : ""}`;
      const total = filters.price ? TOTAL / 2 : TOTAL;
      const start = ((filters.page ?? 1) - 1) * PAGE;
      const data = makeAssets(Math.max(0, Math.min(PAGE, total - start)), prefix).map((asset, i) => ({
        ...asset,
        uuid: `${prefix}-${start + i}`,
        name: `${prefix} ${start + i}`,
        // Two styles and a category among the look-alikes: what their filters offer, counted.
        ...(filters.asset === "icon" || !filters.asset
          ? { styles: [filters.styles?.[0] ?? ((start + i) % 3 ? "line" : "glyph")], categories: ["travel"] }
          : {}),
      }));
      return json({ image_hash: hash, items: { total, data } });
    })();
  };
}

function pluginWith(selection: SelectionInfo, exports: Uint8Array[] = [PNG_A], command?: "similar") {
  let exported = 0;
  return fakePlugin({
    selection,
    ...(command ? { launchCommand: command } : {}),
    respond(type) {
      if (type !== "export-selection") return undefined;
      const first = selection.nodes.find((n) => n.exportable);
      if (!first) return { error: { reason: "not_exportable", message: "cannot be exported" } };
      const bytes = exports[Math.min(exported++, exports.length - 1)]!;
      return {
        nodeId: first.id,
        nodeName: first.name,
        format: "PNG",
        mimeType: "image/png",
        bytes,
        width: 24,
        height: 24,
      };
    },
  });
}

/** The Find similar tab alone, with its stores and the results grid and details App gives it. */
function mountSimilar(options: Parameters<typeof mountView>[0]) {
  return mountView(options, (app) => (
    <SimilarView
      similar={app.similar}
      errors={app.errors}
      selection={app.selection}
      replacing={app.replacing}
      inkFits={app.inkFits}
      searchByWords={() => {
        app.view.value = "search";
      }}
      openSettings={() => {
        app.view.value = "settings";
      }}
      grid={(grid) => <PlacingGrid stores={app.placing} {...grid} />}
      detail={<DetailPanel stores={app.placing} />}
    />
  ));
}

/** In the whole window: the Similar tab, as a click on it opens it. */
async function openSimilar(ui: Awaited<ReturnType<typeof mountApp>>) {
  await act(() => ui.container.querySelector<HTMLElement>('[data-tab="similar"]')?.click());
  await settle();
}

const cellNames = (root: Element) =>
  [...root.querySelectorAll('[role="gridcell"]')].map((c) => c.getAttribute("data-name"));

async function chooseType(root: Element, label: string) {
  const chip = [
    ...root.querySelectorAll<HTMLElement>('#similar-filters [data-filter="asset"] [role="radio"]'),
  ].find((c) => c.textContent === label);
  if (!chip) throw new Error(`no type ${label}`);
  await act(() => chip.click());
  await settle();
}

describe("find similar", () => {
  // A window short enough that the first page does not reach the grid's end: every page turn here
  // is one the test makes.
  beforeAll(() => fakeLayout(360, 200));
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("opened from the Find similar button, shows its tab and searches with the selection's PNG", async () => {
    const calls: ReverseCall[] = [];
    const plugin = pluginWith(selectionOf(node("1:5", { name: "Logo" })), [PNG_A], "similar");
    const ui = await mountApp({ routes: [searchRoute(10), reverseRoute(calls)], plugin });
    expect(ui.app.view.value).toBe("similar");
    expect(ui.container.querySelector('[data-tab="similar"]')?.getAttribute("aria-selected")).toBe("true");
    expect(plugin.sentOf("export-selection").map((s) => s.payload)).toEqual([
      { format: "PNG", maxSide: SIMILAR_EXPORT_MAX_SIDE },
    ]);
    expect(calls).toEqual([{ kind: "file", filters: { asset: "icon" } }]);
    const upload = ui.service.requests.find((r) => r.url.endsWith("/v3/reverse-image-search"));
    const file = (await upload?.clone().formData())?.get("file") as File;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_A);
    expect(file.type).toBe("image/png");
    expect(ui.container.querySelector(".source__text")?.textContent).toContain("Similar to Logo");
    expect(cellNames(ui.container).slice(0, 2)).toEqual(["icon-like 0", "icon-like 1"]);
    // The insert options are at hand here too: size, colour, stroke, insert or replace.
    expect(ui.container.querySelector('[data-testid="insert-bar"]')).toBeTruthy();
    // Unfiltered and unscored, the service's total is the catalogue's, not a count of look-alikes.
    expect(ui.container.querySelector(".summary")?.textContent).toBe("Similar icons, most alike first");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("shows no insert options while a failed search leaves nothing to insert", async () => {
    const plugin = pluginWith(selectionOf(node("1:5", { name: "Logo" })), [PNG_A], "similar");
    const refused: Route = (url) =>
      url.pathname === "/v3/reverse-image-search" ? failure(504, "upstream_timeout") : undefined;
    const ui = await mountApp({ routes: [searchRoute(10), refused], plugin });
    expect(ui.app.view.value).toBe("similar");
    expect(ui.container.querySelector('[role="alert"]')?.getAttribute("data-reason")).toBe(
      "upstream_timeout",
    );
    expect(ui.container.querySelector('[data-testid="insert-bar"]')).toBeNull();
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("uploads once: three page turns and two filter changes send only the image_hash", async () => {
    const calls: ReverseCall[] = [];
    const plugin = pluginWith(selectionOf(node("1:5")));
    const ui = await mountSimilar({ routes: [searchRoute(10), reverseRoute(calls)], plugin });
    const { similar } = ui.app;
    for (let page = 2; page <= 4; page++) {
      await act(() => similar.loadMore());
      await settle();
      expect(similar.items.value).toHaveLength(page * PAGE);
    }
    await act(() => ui.container.querySelector<HTMLElement>('[aria-controls="similar-filters"]')?.click());
    await act(() =>
      [...ui.container.querySelectorAll<HTMLElement>('#similar-filters [data-filter="price"] [role="radio"]')]
        .find((r) => r.textContent === "Free")
        ?.click(),
    );
    await settle();
    expect(cellNames(ui.container)[0]).toBe("icon-like-free 0");
    await act(() =>
      [...ui.container.querySelectorAll<HTMLElement>('[data-filter="styles"] .chip')]
        .find((c) => c.firstChild?.textContent === "Line")
        ?.click(),
    );
    await settle();
    // The results now carry only Line; the other style they had stays on offer, to switch to.
    expect(
      [...ui.container.querySelectorAll('#similar-filters [data-filter="styles"] .chip')].map(
        (c) => c.firstChild?.textContent,
      ),
    ).toEqual(["Solid", "Line"]);

    const hash = `hash-${[...PNG_A].join("-")}`;
    expect(calls.filter((c) => c.kind === "file")).toHaveLength(1);
    expect(calls.slice(1).every((c) => c.kind === "hash" && c.hash === hash)).toBe(true);
    expect(calls.map((c) => c.filters)).toEqual([
      { asset: "icon" },
      { asset: "icon", page: 2 },
      { asset: "icon", page: 3 },
      { asset: "icon", page: 4 },
      { asset: "icon", price: "free" },
      { asset: "icon", price: "free", styles: ["line"] },
    ]);
    // Back to a question already asked: its pages come from the cache, nothing is sent.
    await act(() =>
      [...ui.container.querySelectorAll<HTMLElement>("#similar-filters button")]
        .find((b) => b.textContent === "Clear filters")
        ?.click(),
    );
    await settle();
    expect(similar.items.value).toHaveLength(4 * PAGE);
    expect(calls).toHaveLength(6);
    expect(similar.uploads()).toBe(1);
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("a filter changed while the upload is on its way waits for its hash instead of uploading again", async () => {
    const calls: ReverseCall[] = [];
    const plain = reverseRoute(calls);
    // Every answer waits at the gate: the upload is still on its way when the filter changes.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gated: Route = (url, request) => {
      const answer = plain(url, request);
      return answer === undefined ? undefined : gate.then(() => answer);
    };
    const ui = await mountSimilar({
      routes: [searchRoute(10), gated],
      plugin: pluginWith(selectionOf(node("1:5"))),
    });
    expect(ui.app.similar.status.value).toBe("loading");
    await act(() => {
      ui.app.similar.filters.price.value = "free";
    });
    await settle();
    release();
    await settle(6);
    expect(calls.map((c) => [c.kind, c.filters])).toEqual([
      ["file", { asset: "icon" }],
      ["hash", { asset: "icon", price: "free" }],
    ]);
    expect(cellNames(ui.container)[0]).toBe("icon-like-free 0");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("offers only the filters the reverse search accepts, styles only where they apply", async () => {
    const calls: ReverseCall[] = [];
    const ui = await mountSimilar({
      routes: [searchRoute(10), reverseRoute(calls)],
      plugin: pluginWith(selectionOf(node("1:5"))),
    });
    await act(() => ui.container.querySelector<HTMLElement>('[aria-controls="similar-filters"]')?.click());
    const shown = () =>
      new Set(
        [...ui.container.querySelectorAll<HTMLElement>("#similar-filters [data-filter]")].map(
          (el) => el.dataset.filter,
        ),
      );
    // Icons: no formats to choose (as in the search's panel).
    expect(shown()).toEqual(new Set(["asset", "price", "styles", "categories"]));
    // Styles and categories are those the look-alikes carry, never the whole list; with look-alikes
    // still to come, without a figure (the loaded ones' would not be what choosing shows).
    const chips = (filter: string) =>
      [...ui.container.querySelectorAll(`#similar-filters [data-filter="${filter}"] .chip`)].map((c) => [
        c.firstChild?.textContent,
        c.querySelector(".chip__count")?.textContent,
      ]);
    expect(ui.app.similar.hasMore.value).toBe(true);
    expect(chips("styles")).toEqual([
      ["Solid", undefined],
      ["Line", undefined],
    ]);
    expect(chips("categories")).toEqual([["Travel", undefined]]);
    await chooseType(ui.container, "3D");
    expect(shown()).toEqual(new Set(["asset", "price", "formats", "categories"]));
    const formats = [...ui.container.querySelectorAll('[data-filter="formats"] .chip')].map(
      (c) => c.textContent,
    );
    expect(formats).toEqual(["PNG", "GLTF", "GLB", "OBJ", "FBX", "BLEND"]);
    // Styles chosen for icons are not sent for 3D, and nothing the service refuses was ever sent.
    expect(calls.at(-1)).toEqual({
      kind: "hash",
      hash: `hash-${[...PNG_A].join("-")}`,
      filters: { asset: "3d" },
    });
    expect(ui.service.requests.filter((r) => r.url.endsWith("/v3/reverse-image-search")).length).toBe(
      calls.length,
    );
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("says why an unexportable selection cannot be searched, and tries again on its button", async () => {
    const calls: ReverseCall[] = [];
    const slice = selectionOf(node("1:7", { nodeType: "SLICE", exportable: false }));
    const plugin = pluginWith(slice);
    const ui = await mountSimilar({ routes: [searchRoute(10), reverseRoute(calls)], plugin });
    const prompt = () => ui.container.querySelector<HTMLElement>(".prompt");
    expect(prompt()?.dataset.problem).toBe("not_exportable");
    expect(prompt()?.textContent).toContain("cannot be exported as an image");
    expect(prompt()?.getAttribute("role")).toBe("alert");

    // Nothing selected any more: the prompt says so, and its button waits for a selection.
    plugin.emit("selection-changed", NO_SELECTION);
    await settle();
    expect(prompt()?.dataset.problem).toBe("nothing_selected");
    expect(prompt()?.textContent).toContain("Nothing is selected");
    const retry = [...(prompt()?.querySelectorAll("button") ?? [])].find(
      (b) => b.textContent === "Try again",
    );
    expect(retry?.disabled).toBe(true);
    expect(plugin.sentOf("export-selection")).toHaveLength(0);
    // The plugin is the judge too: a selection it cannot export (an empty group) is explained alike.
    plugin.emit("selection-changed", selectionOf(node("1:8", { nodeType: "GROUP" })));
    await settle();
    const refusing = fakePlugin({
      selection: selectionOf(node("1:8", { nodeType: "GROUP" })),
      respond: (type) =>
        type === "export-selection"
          ? { error: { reason: "not_exportable", message: "empty group" } }
          : undefined,
    });
    const other = await mountSimilar({ routes: [searchRoute(10), reverseRoute(calls)], plugin: refusing });
    expect(other.container.querySelector<HTMLElement>(".prompt")?.dataset.problem).toBe("not_exportable");
    expect(refusing.sentOf("export-selection")).toHaveLength(1);
    // "Search by words" goes back to the search.
    await act(() =>
      [...(other.container.querySelectorAll<HTMLElement>(".prompt button") ?? [])]
        .find((b) => b.textContent === "Search by words")
        ?.click(),
    );
    expect(other.app.view.value).toBe("search");
    expect(calls).toEqual([]);
    ui.app.similar.dispose();
    other.app.similar.dispose();
    ui.unmount();
    other.unmount();
  });

  it("a changed selection is offered, not searched; the same picture again reuses its hash", async () => {
    const calls: ReverseCall[] = [];
    const plugin = pluginWith(selectionOf(node("1:5")), [PNG_A, PNG_A, PNG_B]);
    const ui = await mountSimilar({ routes: [searchRoute(10), reverseRoute(calls)], plugin });
    const button = () => ui.container.querySelector<HTMLButtonElement>(".source button");
    expect(button()?.textContent).toBe("Search again");
    // Same layer, same pixels: exported again, not uploaded again.
    await act(() => button()?.click());
    await settle();
    expect(plugin.sentOf("export-selection")).toHaveLength(2);
    expect(calls.filter((c) => c.kind === "file")).toHaveLength(1);

    plugin.emit("selection-changed", selectionOf(node("2:1", { name: "Other" })));
    await settle();
    expect(ui.container.querySelector(".source")?.textContent).toContain("the selection changed");
    expect(button()?.textContent).toBe("Search the new selection");
    expect(calls).toHaveLength(1);
    await act(() => button()?.click());
    await settle();
    expect(calls.map((c) => c.kind)).toEqual(["file", "file"]);
    expect(ui.container.querySelector(".source__text")?.textContent).toContain("Similar to layer 1:5");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("does not offer a selection the plugin's own insert made, only one the designer made", async () => {
    const calls: ReverseCall[] = [];
    const plugin = pluginWith(selectionOf(node("1:5")));
    const ui = await mountSimilar({
      routes: [searchRoute(10), reverseRoute(calls), downloadRoute(), fileRoute],
      plugin,
    });
    const button = () => ui.container.querySelector<HTMLButtonElement>(".source button");
    expect(button()?.textContent).toBe("Search again");
    // Inserting selects the layer it made (the fake plugin answers with "1:2"): not the designer's.
    await act(() => ui.app.insert.insert(makeAssets(1)[0]!, "icon"));
    plugin.emit("selection-changed", selectionOf(node("1:2")));
    await settle();
    expect(plugin.sentOf("insert")).toHaveLength(1);
    expect(button()?.textContent).toBe("Search again");
    // Replace too ("1:3").
    await act(() => ui.app.insert.insert(makeAssets(1)[0]!, "icon", "replace"));
    plugin.emit("selection-changed", selectionOf(node("1:3")));
    await settle();
    expect(button()?.textContent).toBe("Search again");
    // A layer the designer selected is offered.
    plugin.emit("selection-changed", selectionOf(node("2:1")));
    await settle();
    expect(button()?.textContent).toBe("Search the new selection");
    expect(calls).toHaveLength(1);
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("sends the picture again, once, when the service has forgotten its hash", async () => {
    const calls: ReverseCall[] = [];
    const known = new Set<string>();
    const plugin = pluginWith(selectionOf(node("1:5")));
    const ui = await mountSimilar({ routes: [searchRoute(10), reverseRoute(calls, known)], plugin });
    known.clear();
    await act(() => {
      ui.app.similar.filters.price.value = "premium";
    });
    await settle();
    const notice = ui.container.querySelector<HTMLElement>('[role="alert"]');
    expect(notice?.dataset.reason).toBe("image_forgotten");
    await act(() =>
      [...(notice?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Try again")?.click(),
    );
    await settle();
    expect(calls.map((c) => c.kind)).toEqual(["file", "hash", "file"]);
    expect(calls.at(-1)?.filters).toEqual({ asset: "icon", price: "premium" });
    expect(cellNames(ui.container)[0]).toBe("icon-like-premium 0");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("opened with nothing selected, says how to start without alarm, and searches once asked", async () => {
    const calls: ReverseCall[] = [];
    const plugin = pluginWith(selectionOf(node("1:5")));
    const ui = await mountApp({ routes: [searchRoute(10), reverseRoute(calls)], plugin });
    plugin.emit("selection-changed", NO_SELECTION);
    await openSimilar(ui);
    const prompt = () => ui.container.querySelector<HTMLElement>(".prompt");
    expect(prompt()?.dataset.problem).toBe("start");
    expect(prompt()?.getAttribute("role")).toBeNull();
    expect(plugin.sentOf("export-selection")).toHaveLength(0);
    // Nothing to picture yet: the button waits for a selection rather than fail.
    const find = () =>
      [...(prompt()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Find similar");
    expect(find()?.disabled).toBe(true);
    plugin.emit("selection-changed", selectionOf(node("1:5")));
    await settle();
    expect(find()?.disabled).toBe(false);
    await act(() =>
      [...(prompt()?.querySelectorAll("button") ?? [])]
        .find((b) => b.textContent === "Find similar")
        ?.click(),
    );
    await settle();
    expect(calls.map((c) => c.kind)).toEqual(["file"]);
    expect(cellNames(ui.container)[0]).toBe("icon-like 0");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("Escape closes a result's details, even with words left in the search field", async () => {
    const calls: ReverseCall[] = [];
    const ui = await mountApp({
      routes: [searchRoute(10), reverseRoute(calls)],
      plugin: pluginWith(selectionOf(node("1:5"))),
    });
    expect(calls).toEqual([]); // the Search tab asks nothing of the reverse search
    await act(() => {
      ui.app.search.query.value = "star";
    });
    await openSimilar(ui);
    await act(() => {
      ui.container
        .querySelector('[role="gridcell"][data-index="0"]')
        ?.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true }));
    });
    await settle();
    const dialog = () => ui.container.querySelector('[role="dialog"]');
    expect(dialog()).not.toBeNull();
    await act(() => {
      ui.container
        .querySelector(".app")
        ?.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    });
    await settle();
    expect(dialog()).toBeNull();
    expect(ui.app.search.query.value).toBe("star");
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("past their expiry, the shown previews are asked again by hash, never by a new upload", async () => {
    const calls: ReverseCall[] = [];
    let answers = 0;
    // The first answer's grant lapsed a minute ago (a window left open); later answers' are fresh.
    const expiry = () => (answers++ === 0 ? Math.floor(Date.now() / 1000) - 60 : 4_102_444_800);
    const grant = { ...FRESH_GRANT, expiresAtSeconds: expiry };
    const ui = await mountSimilar({
      routes: [searchRoute(10), granted(reverseRoute(calls, new Set()), grant)],
      plugin: pluginWith(selectionOf(node("1:5"))),
    });
    const first = () => ui.container.querySelector<HTMLImageElement>('.grid [data-index="0"] img');
    const stale = first()?.getAttribute("src") ?? "";
    await act(() => {
      first()?.dispatchEvent(new Event("error"));
      ui.container.querySelector('.grid [data-index="1"] img')?.dispatchEvent(new Event("error"));
    });
    await settle();
    expect(calls.map((c) => [c.kind, c.filters])).toEqual([
      ["file", { asset: "icon" }],
      ["hash", { asset: "icon" }],
    ]);
    expect(first()?.getAttribute("src")).not.toBe(stale);
    expect(new URL(first()?.getAttribute("src") ?? "").searchParams.get("u")).toBe(
      new URL(stale).searchParams.get("u"),
    );
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("places a result like a search result: a click downloads it and inserts it", async () => {
    const calls: ReverseCall[] = [];
    const plugin = pluginWith(selectionOf(node("1:5")));
    const ui = await mountSimilar({
      routes: [searchRoute(10), reverseRoute(calls), downloadRoute(), fileRoute],
      plugin,
    });
    await act(() => ui.container.querySelector<HTMLElement>('[role="gridcell"][data-index="2"]')?.click());
    await settle();
    const [insert] = plugin.sentOf("insert");
    expect(insert?.payload).toMatchObject({
      asset: { uuid: "icon-like-2", name: "icon-like 2", type: "icon" },
      content: { kind: "svg", svg: SVG },
      placement: { kind: "auto" },
    });
    ui.app.similar.dispose();
    ui.unmount();
  });

  it("results the service lists without a uuid are all shown, and offer a search by name instead of a download", async () => {
    const calls: ReverseCall[] = [];
    const reverse = reverseRoute(calls);
    // The spec shows reverse search items with name and urls only.
    const withoutIds: Route = (url, request) => {
      const answer = reverse(url, request);
      if (!answer) return undefined;
      return (async () => {
        const body = (await (await answer).json()) as { response: { items: { data: { uuid?: string }[] } } };
        for (const item of body.response.items.data) delete item.uuid;
        return json(body.response);
      })();
    };
    const plugin = pluginWith(selectionOf(node("1:5")));
    const ui = await mountApp({
      routes: [searchRoute(10), withoutIds, downloadRoute(), fileRoute],
      plugin,
    });
    await openSimilar(ui);
    expect(cellNames(ui.container).slice(0, 3)).toEqual(["icon-like 0", "icon-like 1", "icon-like 2"]);
    expect(ui.app.similar.items.value).toHaveLength(PAGE);

    await act(() => ui.container.querySelector<HTMLElement>('[role="gridcell"][data-index="2"]')?.click());
    await settle();
    const notice = ui.container.querySelector('.notice[data-reason="asset_without_id"]');
    expect(notice?.textContent).toContain("“icon-like 2”");
    expect(plugin.sentOf("insert")).toEqual([]);
    expect(ui.service.requests.some((r) => r.url.includes("/api-download"))).toBe(false);

    await act(() =>
      [...(notice?.querySelectorAll("button") ?? [])]
        .find((b) => b.textContent === "Search by name")
        ?.click(),
    );
    await settle();
    expect(ui.app.view.value).toBe("search");
    const searched = ui.service.requests
      .map((r) => new URL(r.url))
      .filter((u) => u.pathname === "/v3/search")
      .at(-1);
    expect(searched?.searchParams.get("query")).toBe("icon-like 2");
    expect(searched?.searchParams.get("asset")).toBe("icon");
    ui.app.similar.dispose();
    ui.unmount();
  });
});
