// The icon colour picked among the file's variables and paint styles is kept in the file: another
// file (another document) starts with none, and a variable deleted since is reported as gone.
import { afterEach, describe, expect, it } from "vitest";
import { solid } from "../figma/paint";
import { type Booted, bootPlugin } from "./harness";

let app: Booted;
afterEach(() => app?.stop());

describe("file colour", () => {
  it("keeps the chosen variable in the document, with its name as the file has it now", async () => {
    app = await bootPlugin();
    const brand = app.emu.design.addCollection("Brand");
    const primary = app.emu.design.addVariable(brand, "primary", "COLOR", [{ r: 0, g: 0, b: 1 }]);
    expect(await app.port.request("file-colour-get", {})).toEqual({ choice: null, gone: false });

    const choice = { kind: "variable" as const, id: primary.id, name: "old name" };
    await app.port.request("file-colour-set", { choice });
    // In the document, where every copy of the plugin opening this file reads it.
    expect(JSON.parse(app.figma.root.getPluginData("iconColour"))).toEqual(choice);
    expect(await app.port.request("file-colour-get", {})).toEqual({
      choice: { ...choice, name: "primary" },
      gone: false,
    });
    // Not in clientStorage, which every file shares.
    expect(JSON.stringify((await app.figma.clientStorage.getAsync("settings")) ?? {})).not.toContain(
      primary.id,
    );

    await app.port.request("file-colour-set", { choice: null });
    expect(await app.port.request("file-colour-get", {})).toEqual({ choice: null, gone: false });
  });

  it("reports a variable or paint style deleted since as gone, under the name it had", async () => {
    app = await bootPlugin();
    const style = app.emu.design.addPaintStyle("Icon/Muted", [solid({ r: 0.5, g: 0.5, b: 0.5 })]);
    await app.port.request("file-colour-set", {
      choice: { kind: "style", id: style.id, name: "Icon/Muted" },
    });
    expect(await app.port.request("file-colour-get", {})).toMatchObject({ gone: false });

    // A variable id this file no longer has (deleted, or the document copied from another file).
    const deleted = { kind: "variable" as const, id: "VariableID:999:0", name: "Brand/primary" };
    await app.port.request("file-colour-set", { choice: deleted });
    expect(await app.port.request("file-colour-get", {})).toEqual({ choice: deleted, gone: true });
    // A style id naming no style is gone too.
    const noStyle = { kind: "style" as const, id: "S:nothing,1:0", name: "Old" };
    await app.port.request("file-colour-set", { choice: noStyle });
    expect(await app.port.request("file-colour-get", {})).toEqual({ choice: noStyle, gone: true });
  });

  it("reads what another version wrote, or nothing valid, as no choice, and refuses a malformed set", async () => {
    app = await bootPlugin();
    app.figma.root.setPluginData("iconColour", "{not json");
    expect(await app.port.request("file-colour-get", {})).toEqual({ choice: null, gone: false });
    app.figma.root.setPluginData("iconColour", JSON.stringify({ kind: "gradient", id: "x" }));
    expect(await app.port.request("file-colour-get", {})).toEqual({ choice: null, gone: false });
    await expect(
      app.port.request("file-colour-set", { choice: { kind: "variable", id: "", name: "" } }),
    ).rejects.toMatchObject({ reason: "invalid_message" });
  });
});
