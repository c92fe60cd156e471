// @vitest-environment happy-dom
// Placing pictures from the window: an animation's GIF is shown as being made, with a Cancel that
// stops the request (nothing placed, nothing said wrong), and a 3D icon at 2x asks twice the pixels
// and tells the plugin so.
import { act } from "preact/test-utils";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { heldAnswer, json, PROXY, type Route, searchRoute } from "./support/fake-service";
import { fakeLayout, mountApp, settle } from "./support/mount";
import { downloadRoute, fileRoute } from "./support/routes";

const GIF = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]);

/** api-download held until the test releases it; the requests it saw, to look at their signals. */
function heldDownload() {
  const held = heldAnswer();
  const seen: Request[] = [];
  const route: Route = (url, request) => {
    const match = url.pathname.match(/^\/v3\/items\/([^/]+)\/api-download$/);
    if (!match) return undefined;
    seen.push(request);
    return held.promise;
  };
  const link = (uuid: string) =>
    json({ download: { download_url: `${PROXY}/files/${uuid}.gif?sig=abc`, expires_at: "2030-01-01" } });
  return { route, seen, release: (uuid: string) => held.release(link(uuid)) };
}

const gifFile: Route = (url) =>
  url.pathname.startsWith("/files/") && url.pathname.endsWith(".gif")
    ? new Response(GIF, { headers: { "content-type": "image/gif" } })
    : undefined;

describe("placing pictures", () => {
  beforeAll(() => fakeLayout());
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("shows an animation's GIF being made, and Cancel stops it without placing or blaming", async () => {
    const download = heldDownload();
    const ui = await mountApp({ routes: [searchRoute(4), download.route, gifFile] });
    await act(() => {
      ui.app.search.asset.value = "lottie";
    });
    await settle();
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="1"]')?.click());
    await settle();
    const progress = () => ui.container.querySelector('[data-testid="render-progress"]');
    expect(progress()?.textContent).toContain("Making a moving image of Lottie 1");
    expect(progress()?.querySelector('[role="progressbar"]')).not.toBeNull();
    await act(() =>
      [...(progress()?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Cancel")?.click(),
    );
    await settle();
    expect(progress()).toBeNull();
    expect(download.seen[0]?.signal.aborted).toBe(true);
    expect(ui.plugin.sentOf("insert")).toEqual([]);
    expect(ui.container.querySelector('[role="alert"]')).toBeNull();
    ui.unmount();
  });

  it("places the GIF once made, and the note goes", async () => {
    const download = heldDownload();
    const ui = await mountApp({ routes: [searchRoute(4), download.route, gifFile] });
    await act(() => {
      ui.app.search.asset.value = "lottie";
    });
    await settle();
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="2"]')?.click());
    await settle();
    expect(ui.container.querySelector('[data-testid="render-progress"]')).not.toBeNull();
    await act(async () => {
      download.release("lottie-2");
    });
    await settle();
    expect(ui.container.querySelector('[data-testid="render-progress"]')).toBeNull();
    const [insert] = ui.plugin.sentOf("insert");
    expect(insert?.payload.content).toEqual({ kind: "image", format: "gif", bytes: GIF });
    ui.unmount();
  });

  it("inserts a 3D icon at 2x from the bar: twice the pixels asked, the density told, the choice kept", async () => {
    const ui = await mountApp({ routes: [searchRoute(4), downloadRoute(), fileRoute] });
    await act(() => {
      ui.app.search.asset.value = "3d";
    });
    await settle();
    const bar = ui.container.querySelector('[data-testid="insert-bar"]');
    await act(() => bar?.querySelector<HTMLElement>('[data-name="rasterSize"] [data-value="256"]')?.click());
    await act(() => bar?.querySelector<HTMLElement>('[data-name="rasterDensity"] [data-value="2"]')?.click());
    await settle();
    await act(() => ui.container.querySelector<HTMLElement>('[data-index="0"]')?.click());
    await settle();
    const bodies = await Promise.all(
      ui.service.requests.filter((r) => r.url.endsWith("/api-download")).map((r) => r.clone().json()),
    );
    expect(bodies).toEqual([{ format: "png", width: 512, height: 512 }]);
    const [insert] = ui.plugin.sentOf("insert");
    expect(insert?.payload.content).toMatchObject({ kind: "image", format: "png", density: 2 });
    expect(ui.app.settings.settings.value).toMatchObject({ rasterSize: 256, rasterDensity: 2 });
    ui.unmount();
  });
});
