// Every notice the plugin can show fits Figma's 100 characters (the emulator cuts there, as Figma
// does, and the harness fails any test that made it cut). Long names are what push a notice over:
// layers, pages and assets named at length, and Figma's own error texts.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => {
  vi.useRealTimers();
  app?.stop();
});

const LONG = "Hero / Marketing / Spring campaign / Landing page / Variant B (final, approved by legal)";

/** The last notice, which must be whole: Figma did not cut it. */
function lastNotice() {
  const notice = app.emu.notifications.at(-1);
  expect(notice).toBeDefined();
  expect(notice!.truncated).toBe(false);
  return notice!.message;
}

describe("notices fit Figma's 100 characters", () => {
  it("a layer inside an instance: refused with a reason of ours, not blamed on Figma", async () => {
    app = await bootPlugin();
    const component = app.figma.createComponent();
    const inner = app.figma.createRectangle();
    inner.name = LONG;
    component.appendChild(inner);
    const instance = component.createInstance();
    app.page.selection = [instance.children[0]!];
    await expect(
      app.port.request("replace-selection", { asset: STAR, content: { kind: "svg", svg: ICON_SVG } }),
    ).rejects.toMatchObject({ reason: "instance_locked", message: expect.stringContaining("instance") });
    const notice = lastNotice();
    expect(notice).toContain("Hero / Marketing");
    expect(notice).toContain("instance");
    expect(notice).not.toContain("Figma refused");
  });

  it("Figma's own long error text", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    app.page.selection = [frame];
    frame.appendChild = () => {
      throw new Error(`in appendChild: ${"Cannot move node. ".repeat(10)}`);
    };
    await expect(
      app.port.request("insert", {
        asset: STAR,
        content: { kind: "svg", svg: ICON_SVG },
        placement: { kind: "auto" },
      }),
    ).rejects.toMatchObject({ reason: "figma_error", message: expect.stringContaining("Cannot move node") });
    expect(lastNotice()).toMatch(/^Figma refused the change: in appendChild: Cannot move node\..*…$/);
  });

  it("a notice the window asks for", async () => {
    app = await bootPlugin();
    await app.port.request("notify", { message: `Saved ${LONG} to your recent assets.` });
    expect(lastNotice()).toMatch(/^Saved Hero.*…$/);
  });

  it("a layer with no image fill to replace", async () => {
    app = await bootPlugin();
    const rect = app.figma.createRectangle();
    rect.name = LONG.repeat(2);
    await expect(
      app.port.request("place-result", {
        mode: "replace-fill",
        content: { kind: "image", format: "png", bytes: await pngBytes(4, 4) },
        sourceNodeId: rect.id,
      }),
    ).rejects.toMatchObject({ reason: "not_exportable" });
    expect(lastNotice()).toMatch(/has no image fill to replace\.$/);
  });

  it("a slow drop's “Placing …” notice", async () => {
    app = await bootPlugin({ uiOrigin: { x: 0, y: 0 } });
    app.port.drop({ clientX: 200, clientY: 250 }, { dropId: "d1", asset: { ...STAR, name: LONG.repeat(2) } });
    await vi.waitFor(() => expect(app.emu.notifications).toHaveLength(1), { timeout: 5000 });
    expect(lastNotice()).toMatch(/^Placing Hero.*…$/);
    await app.port.request("drop-cancel", { dropId: "d1" });
  });

  it("a result placed on another page with a long name", async () => {
    app = await bootPlugin();
    const archive = app.figma.createPage();
    archive.name = LONG.repeat(2);
    const source = app.figma.createRectangle();
    archive.appendChild(source);
    app.emu.unloadPage(archive);
    await app.port.request("place-result", {
      mode: "new-node",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
    });
    expect(lastNotice()).toMatch(/^The result is on page “Hero.*…”/);
  });
});
