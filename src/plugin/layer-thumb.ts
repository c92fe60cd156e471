// A layer's small picture for the rows that list layers in the window (the batch, the file's
// assets), as Figma's layer rows show one. Bounded (the long side at most maxSide, never enlarged
// past twice the layer) so each export is cheap; and quiet: a row's picture is a nicety, so a layer
// gone or drawing nothing answers without bytes instead of an error the canvas would announce.
import type { LayerThumbRequest, LayerThumbResponse } from "../messages/types";
import { isExportable } from "./selection";

export async function layerThumb({ nodeId, maxSide }: LayerThumbRequest): Promise<LayerThumbResponse> {
  const node = await figma.getNodeByIdAsync(nodeId);
  if (!node || !("exportAsync" in node) || !isExportable(node as SceneNode)) return {};
  const scene = node as SceneNode;
  const long = Math.max(scene.width, scene.height);
  const side = Math.max(1, Math.round(Math.min(maxSide, long * 2)));
  const constraint: ExportSettingsConstraints =
    scene.width >= scene.height ? { type: "WIDTH", value: side } : { type: "HEIGHT", value: side };
  try {
    return { bytes: await scene.exportAsync({ format: "PNG", constraint }) };
  } catch {
    // Figma refuses some exports (a layer with nothing visible to draw): the row keeps its glyph.
    return {};
  }
}
