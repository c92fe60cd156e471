// Where place-result puts work on a layer, checked on the emulator in the places designers keep
// their images: nested frames, auto-layout rows inside frames, groups, instances. A vector lands on
// its source's absolute box; a swapped fill leaves the layer's box alone and is one undo step that
// restores the original paint; a source deleted meanwhile sends the result where an insert would go,
// and the notice says where, only once the result exists.
import { afterEach, describe, expect, it } from "vitest";
import { ICON_SVG, pngBytes } from "../figma/fixtures";
import type { EmuFrame } from "../figma/node-types";
import { type Booted, bootPlugin } from "./harness";
import { canvasBox, imageLayer } from "./layers";

let app: Booted;
afterEach(() => app?.stop());

/** A tall SVG (1:3), so a result that kept its own shape would not match a wide source. */
const TALL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="30" viewBox="0 0 10 30"><rect width="10" height="30" fill="#123456"/></svg>';

async function placeOver(source: { id: string }, svg = ICON_SVG) {
  const out = await app.port.request("place-result", {
    mode: "over-source",
    content: { kind: "svg", svg },
    sourceNodeId: source.id,
  });
  return (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuFrame;
}

describe("over-source lands on the source's absolute box", () => {
  it("inside frames nested in frames, whatever shape the vector came back in", async () => {
    app = await bootPlugin();
    const outer = app.figma.createFrame();
    outer.x = 500;
    outer.y = -200;
    outer.resize(800, 800);
    const inner = app.figma.createFrame();
    outer.appendChild(inner);
    inner.x = 37;
    inner.y = 41;
    inner.resize(400, 400);
    const source = await imageLayer(app, 90, 60);
    inner.appendChild(source);
    source.x = 13.5;
    source.y = 7;
    const node = await placeOver(source, TALL_SVG);
    expect(canvasBox(node)).toEqual(canvasBox(source));
    expect(canvasBox(node)).toEqual({ x: 550.5, y: -152, width: 90, height: 60 });
    expect(node.parent).toBe(inner);
    expect(inner.children.map((c) => c.id).indexOf(node.id)).toBe(inner.children.indexOf(source) + 1);
    expect(node.name).toBe("Photo");
  });

  it("inside an auto-layout row nested in a frame: floats over the source, the row keeps its flow", async () => {
    app = await bootPlugin();
    const page = app.figma.createFrame();
    page.x = 100;
    page.y = 100;
    page.resize(600, 400);
    const row = app.figma.createFrame();
    page.appendChild(row);
    row.x = 20;
    row.y = 30;
    row.layoutMode = "HORIZONTAL";
    row.paddingLeft = 12;
    row.paddingTop = 8;
    row.itemSpacing = 10;
    const first = await imageLayer(app, 40, 40, "First");
    const source = await imageLayer(app, 64, 48);
    row.appendChild(first);
    row.appendChild(source);
    const before = { row: canvasBox(row), first: canvasBox(first), source: canvasBox(source) };
    const node = await placeOver(source);
    expect(node.layoutPositioning).toBe("ABSOLUTE");
    expect(canvasBox(node)).toEqual(canvasBox(source));
    expect(canvasBox(source)).toEqual(before.source);
    expect(canvasBox(first)).toEqual(before.first);
    expect(canvasBox(row)).toEqual(before.row);
  });

  it("inside auto-layout with the source hidden: the vector takes the source's place, nothing else moves", async () => {
    app = await bootPlugin();
    const row = app.figma.createFrame();
    row.x = 10;
    row.y = 20;
    row.layoutMode = "HORIZONTAL";
    row.itemSpacing = 8;
    const first = await imageLayer(app, 30, 30, "First");
    const source = await imageLayer(app, 64, 48);
    const last = await imageLayer(app, 30, 30, "Last");
    for (const child of [first, source, last]) row.appendChild(child);
    const before = { row: canvasBox(row), last: canvasBox(last), source: canvasBox(source) };
    const out = await app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: TALL_SVG },
      sourceNodeId: source.id,
      hideSource: true,
    });
    const node = (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuFrame;
    expect(source.visible).toBe(false);
    expect(canvasBox(node)).toEqual(before.source);
    expect(canvasBox(last)).toEqual(before.last);
    expect(canvasBox(row)).toEqual(before.row);
    expect(row.children.map((c) => c.name)).toEqual(["First", "Photo", "Photo", "Last"]);
  });

  it("inside a group (which starts no coordinate space of its own)", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    frame.x = 300;
    frame.y = 200;
    const source = await imageLayer(app, 50, 30);
    const other = app.figma.createRectangle();
    frame.appendChild(source);
    frame.appendChild(other);
    source.x = 20;
    source.y = 10;
    other.x = 5;
    other.y = 60;
    const group = app.figma.group([source, other], frame);
    const node = await placeOver(source);
    expect(node.parent).toBe(group);
    expect(canvasBox(node)).toEqual(canvasBox(source));
  });

  it("inside an instance (whose structure is locked): on the page, still over the source", async () => {
    app = await bootPlugin();
    const component = app.figma.createComponent();
    component.resize(200, 200);
    component.appendChild(await imageLayer(app, 80, 80));
    const instance = component.createInstance();
    instance.x = 700;
    instance.y = 50;
    const source = instance.children[0]!;
    const node = await placeOver(source);
    expect(node.parent).toBe(app.page);
    expect(canvasBox(node)).toEqual(canvasBox(source));
  });

  it("a new node beside a source inside an instance: on the page, right of the source's canvas box", async () => {
    app = await bootPlugin();
    const component = app.figma.createComponent();
    component.resize(200, 200);
    const inner = await imageLayer(app, 80, 60);
    component.appendChild(inner);
    inner.x = 30;
    inner.y = 20;
    const instance = component.createInstance();
    instance.x = 700;
    instance.y = 50;
    const source = instance.children[0]!;
    const out = await app.port.request("place-result", {
      mode: "new-node",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
    });
    const node = (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuFrame;
    expect(node.parent).toBe(app.page);
    const at = canvasBox(source);
    expect([canvasBox(node).x, canvasBox(node).y]).toEqual([at.x + at.width + 16, at.y]);
  });

  it("a deleted source: the vector goes to the viewport centre, named as asked, with a notice", async () => {
    app = await bootPlugin();
    app.figma.viewport.center = { x: 1000, y: 2000 };
    const source = await imageLayer(app, 40, 40);
    source.remove();
    const out = await app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
      name: "Photo",
      hideSource: true,
    });
    expect(out.sourceMissing).toBe(true);
    const node = (await app.figma.getNodeByIdAsync(out.nodeIds[0]!)) as EmuFrame;
    expect(node.name).toBe("Photo");
    expect([node.x + node.width / 2, node.y + node.height / 2]).toEqual([1000, 2000]);
    expect(app.emu.notifications.at(-1)?.message).toMatch(/deleted/);
  });
});

describe("a deleted source's notice tells the truth", () => {
  async function deletedSource() {
    const source = await imageLayer(app, 40, 40);
    source.remove();
    return app.port.request("place-result", {
      mode: "over-source",
      content: { kind: "svg", svg: ICON_SVG },
      sourceNodeId: source.id,
    });
  }

  it("a selected frame takes the result, and the notice says so", async () => {
    app = await bootPlugin();
    const frame = app.figma.createFrame();
    frame.resize(300, 300);
    app.page.selection = [frame];
    const out = await deletedSource();
    const node = await app.figma.getNodeByIdAsync(out.nodeIds[0]!);
    expect(node?.parent).toBe(frame);
    const notice = app.emu.notifications.at(-1)!.message;
    expect(notice).toMatch(/deleted/);
    expect(notice).toMatch(/selected frame/);
    expect(notice).not.toMatch(/middle of the view/);
  });

  it("a placement that fails announces no result", async () => {
    app = await bootPlugin();
    const commit = app.figma.commitUndo;
    app.figma.commitUndo = () => {
      app.figma.commitUndo = commit;
      throw new Error("in commitUndo: refused");
    };
    await expect(deletedSource()).rejects.toMatchObject({ reason: "figma_error" });
    expect(app.emu.notifications.map((n) => n.message)).not.toContainEqual(expect.stringMatching(/deleted/));
  });
});

describe("replace-fill", () => {
  it("in a nested auto-layout: the layer's box, index and other paints stay; one undo step holds only the fill swap", async () => {
    app = await bootPlugin();
    const row = app.figma.createFrame();
    row.layoutMode = "VERTICAL";
    row.x = 50;
    row.y = 70;
    const source = await imageLayer(app, 120, 90);
    const stroke: SolidPaint = { type: "SOLID", color: { r: 0, g: 0, b: 1 } };
    source.fills = [stroke, ...source.fills];
    row.appendChild(app.figma.createRectangle());
    row.appendChild(source);
    const before = { box: canvasBox(source), index: row.children.indexOf(source), fills: source.fills };
    const original = before.fills[1] as ImagePaint;

    // Every change to the layer's fills between the plugin's undo checkpoints, as Figma records it.
    const commits = app.emu.state.undoCommits;
    const assigned: (readonly Paint[])[] = [];
    const proto = Object.getPrototypeOf(source);
    const descriptor = (function find(o: object): PropertyDescriptor {
      return Object.getOwnPropertyDescriptor(o, "fills") ?? find(Object.getPrototypeOf(o));
    })(proto);
    Object.defineProperty(source, "fills", {
      configurable: true,
      get: () => descriptor.get!.call(source),
      set: (value: readonly Paint[]) => {
        assigned.push(descriptor.get!.call(source));
        descriptor.set!.call(source, value);
      },
    });

    const out = await app.port.request("place-result", {
      mode: "replace-fill",
      content: { kind: "image", format: "png", bytes: await pngBytes(60, 45, "#00ff00") },
      sourceNodeId: source.id,
    });
    expect(out).toEqual({ nodeIds: [source.id], sourceMissing: false });
    expect(app.emu.state.undoCommits - commits).toBe(1);
    // One assignment in that step, and what it replaced is exactly the original paint list:
    // undoing the step puts the original image back.
    expect(assigned).toEqual([before.fills]);
    const after = source.fills;
    expect(after[0]).toEqual(stroke);
    expect(after[1]).toMatchObject({ type: "IMAGE", scaleMode: original.scaleMode });
    expect((after[1] as ImagePaint).imageHash).not.toBe(original.imageHash);
    expect(canvasBox(source)).toEqual(before.box);
    expect(row.children.indexOf(source)).toBe(before.index);
    expect(app.page.selection).toEqual([source]);
  });

  it("a layer without an image fill is refused and left as it was", async () => {
    app = await bootPlugin();
    const plain = app.figma.createRectangle();
    const before = plain.fills;
    await expect(
      app.port.request("place-result", {
        mode: "replace-fill",
        content: { kind: "image", format: "png", bytes: await pngBytes(4, 4) },
        sourceNodeId: plain.id,
      }),
    ).rejects.toMatchObject({ reason: "not_exportable" });
    expect(plain.fills).toBe(before);
  });
});
