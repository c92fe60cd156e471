// What a drop lands on: an auto-layout frame (the pointer picks the place in the flow), an inserted
// icon inside one (the new one goes right after it), a locked node or an instance (Figma names the
// page), and a page the designer left while the download ran (the asset stays, a notice says where).
import { afterEach, describe, expect, it } from "vitest";
import { bootForDrops, content, dropAt } from "./drop-support";
import type { Booted } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

async function dropped(clientX: number, clientY: number, dropId: string) {
  await dropAt(app, clientX, clientY, dropId);
  return content(app, dropId);
}

/** A fixed 300×100 horizontal auto-layout frame at 100,100 holding three 24 px icons dropped in. */
async function row() {
  app = await bootForDrops();
  const frame = app.figma.createFrame();
  frame.x = 100;
  frame.y = 100;
  frame.layoutMode = "HORIZONTAL";
  frame.primaryAxisSizingMode = "FIXED";
  frame.counterAxisSizingMode = "FIXED";
  frame.resize(300, 100);
  for (const id of ["a", "b", "c"]) await dropped(350, 180, id);
  expect(frame.children).toHaveLength(3);
  return frame;
}

describe("drops in auto-layout", () => {
  it("go right after the inserted icon they land on, not at the end", async () => {
    const frame = await row();
    const [first, second, third] = frame.children;
    const answer = await dropped(112, 112, "d1"); // over the first icon
    expect(answer.placedWhere).toBe("beside");
    expect(frame.children.indexOf(first!)).toBe(0);
    expect(frame.children[1]!.id).toBe(answer.nodeIds[0]);
    expect(frame.children.slice(2)).toEqual([second, third]);
  });

  it("take the place in the flow nearest the pointer on the frame itself", async () => {
    const frame = await row();
    const ids = frame.children.map((n) => n.id);
    const before = await dropped(105, 170, "d1"); // left of the first icon's centre, below the icons
    expect(before.placedWhere).toBe("auto-layout");
    expect(frame.children.map((n) => n.id)).toEqual([before.nodeIds[0], ...ids]);
    const between = await dropped(100 + 24 * 2 + 5, 170, "d2"); // past the second icon's centre
    expect(frame.children.map((n) => n.id)).toEqual([
      before.nodeIds[0],
      ids[0],
      between.nodeIds[0],
      ...ids.slice(1),
    ]);
  });
});

describe("drops on what cannot take them", () => {
  it("land on the page at the pointer over a locked frame or an instance", async () => {
    app = await bootForDrops();
    const locked = app.figma.createFrame();
    locked.resize(200, 200);
    locked.locked = true;
    const component = app.figma.createComponent();
    component.x = 400;
    component.resize(100, 100);
    const instance = component.createInstance();
    instance.x = 600;
    const onLocked = await dropped(50, 60, "d1");
    const onInstance = await dropped(650, 50, "d2");
    for (const [answer, x, y] of [
      [onLocked, 50, 60],
      [onInstance, 650, 50],
    ] as const) {
      const node = app.page.children.find((n) => n.id === answer.nodeIds[0])!;
      expect(node.parent).toBe(app.page);
      expect([node.x + node.width / 2, node.y + node.height / 2]).toEqual([x, y]);
    }
    expect(locked.children).toEqual([]);
    expect(instance.children.some((n) => n.getPluginData("asset") !== "")).toBe(false);
  });
});

describe("a page change during the download", () => {
  it("leaves the asset where it was dropped, the designer's page alone, and says where it went", async () => {
    app = await bootForDrops();
    const dropPage = app.page;
    dropPage.name = "Icons";
    const other = app.figma.createPage();
    await dropAt(app, 200, 250, "d1");
    await app.figma.setCurrentPageAsync(other);
    const { nodeIds } = await content(app, "d1");
    expect(dropPage.children.map((n) => n.id)).toEqual(nodeIds);
    expect(app.figma.currentPage).toBe(other);
    expect(other.selection).toEqual([]);
    const notice = app.emu.notifications.find((n) => n.button);
    expect(notice?.message).toBe("Star is on page “Icons”, where you dropped it.");
    expect(notice!.message.length).toBeLessThanOrEqual(100);
    notice!.button!.action();
    await app.settle(6);
    expect(app.figma.currentPage).toBe(dropPage);
    expect(dropPage.selection.map((n) => n.id)).toEqual(nodeIds);
  });
});
