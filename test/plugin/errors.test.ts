// Figma's refusals and malformed messages: a clear reason for the ui, a notice for the designer, and
// nothing half-made on the canvas.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG, pngBytes, webpBytes } from "../figma/fixtures";
import { type Booted, bootPlugin, STAR } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

function nodeCount(): number {
  return app.page.findAll().length;
}

describe("Figma errors become clear errors with nothing half-made", () => {
  it("bad SVG", async () => {
    app = await bootPlugin();
    const request = app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: '<svg viewBox="0 0 24 24"><path d="M0 0"></svg>' },
      placement: { kind: "auto" },
    });
    await expect(request).rejects.toMatchObject({
      reason: "invalid_svg",
      message: expect.stringMatching(/SVG/),
    });
    expect(nodeCount()).toBe(0);
    expect(app.emu.notifications.at(-1)).toMatchObject({
      error: true,
      message: expect.stringMatching(/SVG/),
    });
    expect(app.emu.state.undoCommits).toBe(0);
  });

  it("an image over 4096 px", async () => {
    app = await bootPlugin();
    const request = app.port.request("insert", {
      asset: STAR,
      content: { kind: "image", format: "png", bytes: await pngBytes(5000, 10) },
      placement: { kind: "auto" },
    });
    await expect(request).rejects.toMatchObject({
      reason: "image_too_large",
      message: expect.stringContaining("4096"),
    });
    expect(nodeCount()).toBe(0);
  });

  it("bytes that are not PNG, JPEG or GIF whatever their label says", async () => {
    app = await bootPlugin();
    const request = app.port.request("insert", {
      asset: STAR,
      content: { kind: "image", format: "png", bytes: await webpBytes(10, 10) },
      placement: { kind: "auto" },
    });
    await expect(request).rejects.toMatchObject({ reason: "unsupported_image" });
    expect(nodeCount()).toBe(0);
  });

  it("a later step failing removes the node already made", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    app.page.selection = [frame];
    // Figma refusing the move into the chosen parent, after the icon exists: it must not be left behind.
    frame.appendChild = () => {
      throw new Error(
        "in appendChild: Cannot move node. New parent is an instance or is inside of an instance",
      );
    };
    const request = app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: ICON_SVG },
      placement: { kind: "auto" },
    });
    await expect(request).rejects.toMatchObject({
      reason: "figma_error",
      message: expect.stringContaining("Cannot move node"),
    });
    expect(app.page.findAll().map((n) => n.id)).toEqual([frame.id]);
    expect(app.emu.state.undoCommits).toBe(0);
  });

  it("refuses to replace a layer inside an instance before changing anything", async () => {
    app = await bootPlugin();
    const component = app.figma.createComponent();
    component.appendChild(app.figma.createRectangle());
    const instance = component.createInstance();
    const free = app.figma.createRectangle();
    app.page.selection = [free, instance.children[0]!];
    const before = nodeCount();
    await expect(
      app.port.request("replace-selection", { asset: STAR, content: { kind: "svg", svg: ICON_SVG } }),
    ).rejects.toMatchObject({
      reason: "instance_locked",
      message: expect.stringContaining("component instance"),
    });
    expect(free.removed).toBe(false);
    expect(nodeCount()).toBe(before);
  });

  it("replace with nothing selected says so", async () => {
    app = await bootPlugin();
    await expect(
      app.port.request("replace-selection", { asset: STAR, content: { kind: "svg", svg: ICON_SVG } }),
    ).rejects.toMatchObject({ reason: "nothing_selected" });
  });
});

describe("invalid messages are refused whole", () => {
  it.each([
    ["an unknown content kind", { asset: STAR, content: { kind: "pdf" }, placement: { kind: "auto" } }],
    [
      "a colour that is not #rrggbb",
      {
        asset: STAR,
        content: { kind: "svg", svg: "<svg/>" },
        options: { color: "blue" },
        placement: { kind: "auto" },
      },
    ],
    ["a missing asset", { content: { kind: "svg", svg: "<svg/>" }, placement: { kind: "auto" } }],
    [
      "a placement the plugin no longer takes (a drop is placed by drop-content)",
      { asset: STAR, content: { kind: "svg", svg: "<svg/>" }, placement: { kind: "point", x: 1, y: 2 } },
    ],
    [
      "an asset type the service lacks",
      {
        asset: { ...STAR, type: "font" },
        content: { kind: "svg", svg: "<svg/>" },
        placement: { kind: "auto" },
      },
    ],
  ])("insert with %s", async (_, payload) => {
    app = await bootPlugin();
    await expect(app.port.request("insert", payload as never)).rejects.toMatchObject({
      reason: "invalid_message",
    });
    expect(nodeCount()).toBe(0);
    expect(app.emu.notifications).toEqual([]);
  });

  it("a drop whose metadata is malformed answers with a drop-result error", async () => {
    app = await bootPlugin();
    const results: unknown[] = [];
    app.port.on("drop-result", (r) => results.push(r));
    app.port.drop({ clientX: 10, clientY: 10 }, { dropId: "d9", asset: { ...STAR, type: "font" } as never });
    await app.settle(6);
    expect(results).toEqual([
      { dropId: "d9", ok: false, error: expect.objectContaining({ reason: "invalid_message" }) },
    ]);
    // Content the ui sent anyway is refused at once, not after waiting for a drop that will not come.
    const svg = { kind: "svg" as const, svg: "<svg xmlns='http://www.w3.org/2000/svg'/>" };
    await expect(
      app.port.request("drop-content", { dropId: "d9", asset: STAR, content: svg }),
    ).rejects.toMatchObject({
      reason: "invalid_message",
    });
    expect(nodeCount()).toBe(0);
  });
});

describe("dynamic-page", () => {
  it("no flow touches the synchronous APIs Figma forbids (the emulator throws if one does)", async () => {
    app = await bootPlugin({ dynamicPage: true });
    const answers: unknown[] = [];
    const frame = app.figma.createFrame();
    answers.push(await app.port.request("ready", {}));
    const ins = await app.port.request("insert", {
      asset: STAR,
      content: { kind: "svg", svg: ICON_SVG },
      placement: { kind: "auto" },
    });
    answers.push(ins);
    answers.push(
      await app.port.request("insert", {
        asset: STAR,
        content: { kind: "svg", svg: ICON_SVG },
        placement: { kind: "replace", nodeIds: ins.nodeIds },
      }),
    );
    app.page.selection = [frame];
    answers.push(await app.port.request("export-selection", { format: "PNG", nodeId: frame.id }));
    answers.push(
      await app.port.request("place-result", {
        mode: "new-node",
        content: { kind: "svg", svg: ICON_SVG },
        sourceNodeId: frame.id,
      }),
    );
    answers.push(await app.port.request("get-selection", {}));
    expect(answers).toHaveLength(6);
    expect(app.emu.notifications.filter((n) => n.error)).toEqual([]);
  });
});
