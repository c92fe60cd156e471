// Drops arrive as Figma delivers them (typings: DropEvent, and figma.on("drop")'s notes).
import { describe, expect, it } from "vitest";
import { createFigma } from "./figma";
import { ICON_SVG } from "./fixtures";
import { settle } from "./install";

/** A canvas area whose screen px are canvas px, the plugin window at the screen's origin. */
function canvas() {
  const emu = createFigma({ uiOrigin: { x: 0, y: 0 } });
  emu.figma.viewport.center = { x: 720, y: 450 };
  const events: DropEvent[] = [];
  emu.figma.on("drop", (event) => {
    events.push(event as DropEvent);
    return false;
  });
  emu.figma.showUI("<html></html>");
  const pluginDrop = async (drop: Record<string, unknown>) => {
    emu.uiWindow.parent.postMessage({ pluginDrop: drop }, "*");
    await settle();
    return events.at(-1);
  };
  return { emu, events, pluginDrop };
}

describe("drop events", () => {
  it("name the node under the pointer, one of the plugin's own inserted frames included", async () => {
    const { emu, pluginDrop } = canvas();
    const frame = emu.figma.createFrame();
    frame.x = 100;
    frame.y = 100;
    frame.resize(300, 300);
    const icon = emu.figma.createNodeFromSvg(ICON_SVG);
    frame.appendChild(icon);
    icon.x = 10;
    icon.y = 20;
    const onIcon = await pluginDrop({ clientX: 112, clientY: 122, dropMetadata: { a: 1 } });
    // The icon's paths are no parents: the icon's frame (or a group inside it) is the target.
    expect([onIcon?.node, onIcon?.node.parent]).toContain(icon);
    expect(onIcon).toMatchObject({ x: 2, y: 2, absoluteX: 112, absoluteY: 122, items: [], files: [] });
    expect(onIcon?.dropMetadata).toEqual({ a: 1 });
    const group = icon.children.find((n) => n.type === "GROUP")!;
    const onGroup = await pluginDrop({ clientX: group.absoluteX + 1, clientY: group.absoluteY + 1 });
    // A group has no coordinate space of its own: x/y are measured in its parent's (the icon's).
    expect(onGroup?.node).toBe(group);
    expect(onGroup).toMatchObject({ x: group.x + 1, y: group.y + 1 });
    const beside = await pluginDrop({ clientX: 300, clientY: 300 });
    expect(beside?.node).toBe(frame);
    expect(beside).toMatchObject({ x: 200, y: 200 });
  });

  it("name the page on empty canvas, or when the node there is locked or an instance", async () => {
    const { emu, pluginDrop } = canvas();
    expect((await pluginDrop({ clientX: 50, clientY: 60 }))?.node).toBe(emu.figma.currentPage);
    const frame = emu.figma.createFrame();
    frame.resize(200, 200);
    frame.locked = true;
    expect((await pluginDrop({ clientX: 50, clientY: 60 }))?.node).toBe(emu.figma.currentPage);
    frame.locked = false;
    const component = emu.figma.createComponent();
    component.resize(80, 80);
    const instance = component.createInstance();
    instance.x = 10;
    expect((await pluginDrop({ clientX: 50, clientY: 60 }))?.node).toBe(emu.figma.currentPage);
    instance.remove();
    expect((await pluginDrop({ clientX: 50, clientY: 60 }))?.node).toBe(component);
  });

  it("count the pointer from the plugin window's place on screen, at the viewport's zoom", async () => {
    const emu = createFigma({ uiOrigin: { x: 1000, y: 48 } });
    emu.figma.viewport.center = { x: 0, y: 0 };
    emu.figma.viewport.zoom = 2;
    const seen: DropEvent[] = [];
    emu.figma.on("drop", (event) => {
      seen.push(event as DropEvent);
      return false;
    });
    emu.figma.showUI("<html></html>");
    emu.uiWindow.parent.postMessage({ pluginDrop: { clientX: -280, clientY: 402 } }, "*");
    await settle();
    // Screen (720, 450) is the canvas area's centre: the viewport's centre.
    expect(seen[0]).toMatchObject({ absoluteX: 0, absoluteY: 0 });
  });

  it("carry dropped files as DropFiles and items as {type, data}", async () => {
    const { pluginDrop } = canvas();
    const file = new File(["<svg/>"], "icon.svg", { type: "image/svg+xml" });
    const event = await pluginDrop({
      clientX: 5,
      clientY: 5,
      items: [{ type: "text/x-note", data: "hi" }, { type: 3 }],
      files: [file],
    });
    expect(event?.items).toEqual([{ type: "text/x-note", data: "hi" }]);
    expect(event?.files.map((f) => [f.name, f.type])).toEqual([["icon.svg", "image/svg+xml"]]);
    expect(await event?.files[0]?.getTextAsync()).toBe("<svg/>");
  });

  it("let Figma make a text layer from dropped text unless a listener returns false", () => {
    const emu = createFigma();
    let claim = true;
    emu.figma.on("drop", () => !claim);
    emu.drops.native({ x: 300, y: 300 }, [{ type: "text/plain", data: "Star" }]);
    expect(emu.drops.defaults).toEqual([]);
    claim = false;
    emu.drops.native({ x: 300, y: 300 }, [{ type: "text/plain", data: "Star" }]);
    emu.drops.native({ x: 300, y: 300 }, [{ type: "application/x-other", data: "1" }]);
    expect(emu.drops.defaults.map((d) => d.made)).toEqual(["TEXT", "NOTHING"]);
  });
});
