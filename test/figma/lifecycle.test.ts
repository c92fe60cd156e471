// The emulator runs a launch as Figma does: these tests pin the order and the rules the plugin meets.
import { describe, expect, it } from "vitest";
import { createFigma } from "./figma";

describe("a launch", () => {
  it("from the menu: run fires once, with the command and no parameters", () => {
    const emu = createFigma({ command: "similar" });
    const runs: RunEvent[] = [];
    emu.figma.on("run", (event) => runs.push(event as RunEvent));
    expect(emu.phase).toBe("launched");
    emu.run();
    expect(runs).toEqual([{ command: "similar", parameters: undefined }]);
    expect(emu.figma.command).toBe("similar");
    expect(() => emu.run()).toThrow(/once per launch/);
  });

  it("from quick actions: input handlers suggest while the designer types, run follows Enter", async () => {
    const emu = createFigma({ command: "search", quickAction: true });
    const runs: RunEvent[] = [];
    emu.figma.on("run", (event) => runs.push(event as RunEvent));
    emu.figma.parameters.on("input", ({ query, result }: ParameterInputEvent) =>
      result.setSuggestions([query, `${query} left`]),
    );
    expect(await emu.typeParameter("query", "arrow")).toEqual(["arrow", "arrow left"]);
    expect(runs).toEqual([]);
    expect(() => emu.run()).toThrow(/parameters the designer entered/);
    emu.run({ query: "arrow" });
    expect(runs).toEqual([{ command: "search", parameters: { query: "arrow" } }]);
    // Figma asks for parameters only before run.
    expect(() => emu.typeParameter("query", "cat")).toThrow(/only before "run"/);
  });

  it("refuses a visible window while parameters are entered, allows a hidden one, shows it after run", () => {
    const emu = createFigma({ command: "search", quickAction: true });
    expect(() => emu.figma.showUI("<p>ui</p>")).toThrow(/^in showUI: /);
    expect(() => emu.figma.showUI("<p>ui</p>", { visible: true })).toThrow(/^in showUI: /);
    expect(emu.ui.open).toBe(false);
    emu.figma.showUI("<p>ui</p>", { visible: false });
    expect([emu.ui.open, emu.ui.visible]).toEqual([true, false]);
    expect(() => emu.figma.ui.show()).toThrow(/^in ui.show: /);
    emu.run({ query: "arrow" });
    emu.figma.ui.show();
    expect(emu.ui.visible).toBe(true);
  });

  it("from the menu the window may open before run (Figma fires run right after launch)", () => {
    const emu = createFigma({ command: "open" });
    emu.figma.showUI("<p>ui</p>");
    expect(emu.ui.visible).toBe(true);
  });
});
