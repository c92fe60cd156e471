// @vitest-environment happy-dom
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { insertPlan } from "../../src/ui/insert/insert-plan";
import { DEFAULT_SETTINGS } from "../../src/ui/settings/settings-store";
import { fakePlugin, NO_SELECTION } from "./support/fake-plugin";
import { failure, PROXY, type Route, searchRoute, signedLink } from "./support/fake-service";
import { fakeLayout, mountApp, settle, testApi } from "./support/mount";
import { downloadRoute, fileRoute, itemRoute, PNG } from "./support/routes";

const downloadBodies = (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.url.endsWith("/api-download")).map((r) => r.clone().json()));

describe("insert", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("plans SVG for vectors, PNG at the chosen size for rasters, GIF for Lottie, files for the rest", () => {
    const s = { ...DEFAULT_SETTINGS, rasterSize: 512 };
    expect(insertPlan("icon", s)).toMatchObject({ format: "svg", width: 0, height: 0, as: "svg" });
    expect(insertPlan("illustration", s)).toMatchObject({ format: "svg", as: "svg" });
    expect(insertPlan("3d", s)).toMatchObject({ format: "png", width: 512, height: 512, as: "image" });
    expect(insertPlan("ai-image", s, { format: "jpg", rasterSize: 2048 })).toMatchObject({
      width: 2048,
      imageFormat: "jpg",
    });
    expect(insertPlan("lottie", s)).toMatchObject({ format: "gif", as: "image", imageFormat: "gif" });
    expect(insertPlan("lottie", { ...s, lottieAs: "first-frame" })).toMatchObject({ firstFrame: true });
    expect(insertPlan("3d", s, { format: "glb" })).toMatchObject({ as: "file", width: 0 });
  });

  it("inserts a raster from the details at the size picked there, fetched through the relay", async () => {
    const ui = await mountApp({
      routes: [
        searchRoute(4),
        itemRoute({
          license: { name: "Free licence" },
          additional_informations: { formats: ["png"], frame_rate: 30 },
        }),
        downloadRoute("cdn"),
        fileRoute,
      ],
    });
    await act(() => {
      ui.app.search.asset.value = "ai-image";
    });
    await settle();
    await act(() => {
      ui.container
        .querySelector('[data-index="2"]')
        ?.dispatchEvent(new MouseEvent("contextmenu", { bubbles: true }));
    });
    await settle();
    const dialog = ui.container.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain("Detail of ai image 2");
    expect(dialog?.textContent).toContain("Free licence");
    // additional_informations shows as rows in words; the formats are the Format choice, not a row.
    const labels = [...(dialog?.querySelectorAll("dt") ?? [])].map((dt) => dt.textContent);
    expect(labels).toContain("Frame rate");
    expect(labels).not.toContain("Formats");
    // The size is a segmented choice of Figma's kind, not a browser select.
    expect(dialog?.querySelector("select")).toBeNull();
    await act(() =>
      dialog?.querySelector<HTMLInputElement>('input[name="rasterSize"][value="1024"]')?.click(),
    );
    await act(() =>
      [...(dialog?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Insert")?.click(),
    );
    await settle();
    expect(await downloadBodies(ui.service.requests)).toEqual([{ format: "png", width: 1024, height: 1024 }]);
    const relayed = ui.service.requests.find(
      (r) => r.url.startsWith(`${PROXY}/relay?url=`) && r.url.includes("files"),
    );
    expect(decodeURIComponent(relayed?.url.split("url=")[1] ?? "")).toBe(
      "https://cdn.example.test/files/ai-image-2.png?sig=abc",
    );
    const [insert] = ui.plugin.sentOf("insert");
    expect(insert?.payload.content).toEqual({ kind: "image", format: "png", bytes: PNG });
    expect(insert?.payload.options).toBeUndefined(); // icon size and colour are for icons only
    expect(ui.plugin.storage.get("recent-assets")).toMatchObject([{ uuid: "ai-image-2", type: "ai-image" }]);
    ui.unmount();
  });

  it("offers recently inserted assets of the type again while the search is empty", async () => {
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute] });
    expect(ui.container.querySelector('[aria-label="Recently inserted"]')).toBeNull();
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="3"]')?.click());
    await settle();
    const again = ui.container.querySelector<HTMLButtonElement>('[aria-label="Insert Icon 3 again"]');
    expect(again).not.toBeNull();
    await act(() => again?.click());
    await settle();
    expect(ui.plugin.sentOf("insert").map((s) => (s.payload.asset as { uuid: string }).uuid)).toEqual([
      "icon-3",
      "icon-3",
    ]);
    await act(() => {
      ui.app.search.query.value = "star";
    });
    expect(ui.container.querySelector('[aria-label="Recently inserted"]')).toBeNull();
    ui.unmount();
  });

  it("asks for a recent asset again, once, when its stored preview link no longer loads", async () => {
    const plugin = fakePlugin();
    const expired = signedLink("http://local-api.invalid/previews/icon-7.png");
    plugin.storage.set("recent-assets", [
      { uuid: "icon-7", name: "icon 7", type: "icon", previewUrl: expired, usedAt: 1 },
    ]);
    const fresh = signedLink("http://local-api.invalid/previews/icon-7-new.png");
    const ui = await mountApp({ plugin, routes: [searchRoute(4), itemRoute({ urls: { png: fresh } })] });
    const picture = () => ui.container.querySelector<HTMLImageElement>(".recent img");
    expect(picture()?.getAttribute("src")).toBe(expired);
    await act(() => {
      picture()?.dispatchEvent(new Event("error"));
    });
    await settle();
    expect(picture()?.getAttribute("src")).toBe(fresh);
    expect(plugin.storage.get("recent-assets")).toMatchObject([{ uuid: "icon-7", previewUrl: fresh }]);
    // A second failure shows the placeholder and asks nothing more.
    await act(() => {
      picture()?.dispatchEvent(new Event("error"));
    });
    await settle();
    expect(ui.container.querySelector(".recent .preview--none")).not.toBeNull();
    expect(ui.service.requests.filter((r) => new URL(r.url).pathname === "/v3/items/icon-7")).toHaveLength(1);
    ui.unmount();
  });

  it("started from a layer's Replace button, offers its type and replaces the selection on click", async () => {
    const selection = {
      ...NO_SELECTION,
      count: 1,
      nodes: [
        {
          id: "1:9",
          name: "old",
          nodeType: "VECTOR",
          width: 24,
          height: 24,
          exportable: true,
          hasImageFill: false,
          assetUuid: "x",
          assetType: "illustration" as const,
        },
      ],
    };
    const plugin = fakePlugin({ launchCommand: "replace", selection });
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute], plugin });
    expect(ui.app.search.asset.value).toBe("illustration");
    expect(ui.container.querySelector('[data-testid="click-does"]')?.textContent).toBe(
      "Click replaces 1 layer",
    );
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="1"]')?.click());
    await settle();
    expect(plugin.sentOf("insert")).toHaveLength(0);
    expect(plugin.sentOf("replace-selection")[0]?.payload).toMatchObject({
      asset: { uuid: "illustration-1" },
    });
    ui.unmount();
  });

  it("shows why a download was refused, in the plan's words", async () => {
    const refused: Route = (url) =>
      url.pathname.endsWith("/api-download") ? failure(422, "subscription_required") : undefined;
    const ui = await mountApp({ routes: [searchRoute(4), refused] });
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="0"]')?.click());
    await settle();
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toContain("No active subscription");
    expect(ui.plugin.sentOf("insert")).toHaveLength(0);
    ui.unmount();
  });

  it("saves formats Figma cannot place instead of inserting them", async () => {
    const saved: string[] = [];
    const ui = await mountApp({ routes: [searchRoute(2), itemRoute(), downloadRoute(), fileRoute] });
    await act(() => {
      ui.app.search.asset.value = "3d";
    });
    await settle();
    const asset = ui.app.search.items.value[0];
    if (!asset) throw new Error("no results");
    // The controller's save hook stands in for the browser's download link.
    const { createInsertController } = await import("../../src/ui/insert/insert-controller");
    const controller = createInsertController({
      api: () => ({
        download: (uuid, request) =>
          Promise.resolve({ download: { download_url: `${PROXY}/files/${uuid}.${request.format}` } }),
        file: testApi(ui.service.fetch).file,
      }),
      port: ui.plugin.port,
      settings: ui.app.settings,
      onError: (e) => saved.push(`error ${e.reason}`),
      save: (name, blob) => saved.push(`${name} ${blob.size}`),
    });
    await controller.insert(asset, "3d", "insert", { format: "glb" });
    expect(saved).toEqual([`3d 0.glb ${PNG.length}`]);
    expect(ui.plugin.sentOf("insert")).toHaveLength(0);
    ui.unmount();
  });
});
