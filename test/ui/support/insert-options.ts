// What the insert options tests share: a file's colours, selected layers, and a plugin for one file
// (its colours, and the colour choice its document keeps), with small ways to press and type.
import { act } from "preact/test-utils";
import type { DocumentColours, FileColourState, SelectedNode } from "../../../src/messages/types";
import { fakePlugin } from "./fake-plugin";
import { searchRoute } from "./fake-service";
import type { mountApp } from "./mount";
import { settle } from "./mount";
import { downloadRoute, fileRoute } from "./routes";

export const COLOURS: DocumentColours = {
  variables: [
    { id: "VariableID:1:0", name: "icon/primary", collection: "Brand", color: "#0d99ff" },
    { id: "VariableID:2:0", name: "icon/muted", collection: "Brand", color: "#757575" },
    { id: "VariableID:3:0", name: "danger", collection: "Status", color: "#dc3412" },
  ],
  styles: [{ id: "S:abc,1:0", name: "Icons/Ink", color: "#1e1e1e" }],
};

export const node = (id: string, over: Partial<SelectedNode> = {}): SelectedNode => ({
  id,
  name: id,
  nodeType: "VECTOR",
  width: 24,
  height: 24,
  exportable: true,
  hasImageFill: false,
  ...over,
});
export const icon = (id: string) => node(id, { nodeType: "FRAME", assetUuid: `u-${id}`, assetType: "icon" });

/** A plugin for one file: its colours, and the colour choice kept in that file's document. */
export function fileWith(
  storage?: Map<string, unknown>,
  kept: FileColourState = { choice: null, gone: false },
) {
  const file = { kept };
  const plugin = fakePlugin({
    ...(storage ? { storage } : {}),
    respond: (type, payload) => {
      if (type === "document-colours") return COLOURS;
      if (type === "file-colour-get") return file.kept;
      if (type === "file-colour-set") {
        file.kept = { choice: (payload.choice as FileColourState["choice"]) ?? null, gone: false };
        return {};
      }
      return undefined;
    },
  });
  return { plugin, file };
}

export const routes = () => [searchRoute(4), downloadRoute(), fileRoute];
export type Ui = Awaited<ReturnType<typeof mountApp>>;
export const $ = <E extends Element = HTMLElement>(ui: Ui, selector: string) =>
  ui.container.querySelector<E & HTMLElement>(selector);
export const press = (el: Element | null | undefined) =>
  act(() => {
    if (!el) throw new Error("no such control");
    (el as HTMLElement).click();
  });
export function type(el: Element | null, text: string) {
  if (!el) throw new Error("no such field");
  return act(() => {
    (el as HTMLInputElement).value = text;
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
  });
}
export const buttonNamed = (ui: Ui, text: string) =>
  [...ui.container.querySelectorAll("button")].find((b) => b.textContent?.trim() === text);
export async function insertFirst(ui: Ui) {
  await press($(ui, '[data-index="0"]'));
  await settle();
}
