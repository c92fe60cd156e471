// The designer moves to another page while the plugin is open (or its notice's button takes them
// there): each page keeps its own selection, so the window must hear about the page's selection, not
// go on showing the one it left. Figma documents "currentpagechange" for the switch; whether it also
// fires "selectionchange" is not documented, and the emulator does not.
import { afterEach, describe, expect, it } from "vitest";
import type { SelectionInfo } from "../../src/messages/types";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

describe("a page switch", () => {
  it("tells the window the new page's selection", async () => {
    app = await bootPlugin();
    const seen: SelectionInfo[] = [];
    app.port.on("selection-changed", (s) => seen.push(s));
    const here = app.figma.createRectangle();
    app.page.selection = [here];
    await app.settle(4);
    expect(seen.at(-1)).toMatchObject({ count: 1 });

    const other = app.figma.createPage();
    const there = [app.figma.createEllipse(), app.figma.createEllipse()];
    for (const node of there) other.appendChild(node);
    other.selection = there;
    await app.figma.setCurrentPageAsync(other);
    await app.settle(4);
    expect(seen.at(-1)).toMatchObject({ count: 2, kinds: ["ELLIPSE"] });
  });
});
