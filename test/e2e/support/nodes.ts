// Reading the emulated document after an insert: the page's top-level nodes, what the plugin recorded
// on a node, and the colours it draws with.
import type { EmuScene } from "../../figma/nodes";
import type { Harness } from "./harness";

/** The current page's top-level layers, bottom to top. */
export function canvasNodes(harness: Harness): EmuScene[] {
  return [...harness.emulator.figma.currentPage.kids()];
}

/** The asset the plugin recorded on a node it made ({} when it recorded none). */
export function storedAsset(node: EmuScene): { uuid?: string; name?: string; type?: string } {
  const raw = node.getPluginData("asset");
  return raw ? (JSON.parse(raw) as { uuid?: string; name?: string; type?: string }) : {};
}

const hex = (c: RGB) =>
  `#${[c.r, c.g, c.b]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;

/** Every visible solid colour drawn inside a node (its own frame background aside), as "#rrggbb". */
export function solidColours(root: EmuScene): string[] {
  const out: string[] = [];
  const visit = (node: EmuScene) => {
    if (node !== root || node.type !== "FRAME") {
      for (const paint of [...node.fills, ...node.strokes]) {
        if (paint.type === "SOLID" && paint.visible !== false && paint.opacity !== 0)
          out.push(hex(paint.color));
      }
    }
    for (const child of node.kids()) visit(child);
  };
  visit(root);
  return out;
}
