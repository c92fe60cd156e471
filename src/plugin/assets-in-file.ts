// "Assets in this file": the layers that carry Assetport's records, page by page, and a way to show
// one of them. Figma finds the records itself (findAllWithCriteria on the plugin-data keys), so a
// large page is not walked node by node here. Under documentAccess "dynamic-page" another page must
// be loaded before it is searched, which takes time on a large file: only the page in view is read
// unless every page is asked for.
import type {
  AssetsInFile,
  AssetsInFileRequest,
  PageRecords,
  RecordedLayer,
  ShowLayerRequest,
  ShowLayerResponse,
} from "../messages/types";
import { isAssetComponent } from "./components";
import { fail } from "./errors";
import { RECORD_KEYS, readAsset, readMade } from "./node-data";
import { pageOf } from "./other-page";

function recordOf(node: SceneNode): RecordedLayer | null {
  // The main components Assetport keeps are the library behind the instances, listed in their stead.
  if (node.type === "COMPONENT" && isAssetComponent(node)) return null;
  const asset = readAsset(node);
  const made = readMade(node);
  if (!asset && !made) return null;
  const layer: RecordedLayer = { nodeId: node.id, layerName: node.name };
  if (asset) layer.asset = asset;
  if (made) layer.made = made;
  return layer;
}

/** A loaded page's recorded layers, in the layer list's order. */
function layersOn(page: PageNode): RecordedLayer[] {
  return page
    .findAllWithCriteria({ pluginData: { keys: RECORD_KEYS } })
    .map(recordOf)
    .filter((layer): layer is RecordedLayer => layer !== null);
}

export async function assetsInFile(request: AssetsInFileRequest): Promise<AssetsInFile> {
  const pages: PageRecords[] = [];
  // One page at a time: loading them all at once would hold every page in memory together.
  for (const page of figma.root.children) {
    const current = page === figma.currentPage;
    const entry: PageRecords = { pageId: page.id, pageName: page.name, current };
    if (current || request.pages === "all") {
      if (!current) await page.loadAsync();
      entry.layers = layersOn(page);
    }
    pages.push(entry);
  }
  return { pages };
}

/** Selects the layer and brings it into view, on its own page (switched to when another one). */
export async function showLayer({ nodeId, withNodeIds = [] }: ShowLayerRequest): Promise<ShowLayerResponse> {
  const node = await figma.getNodeByIdAsync(nodeId);
  const page = node && !node.removed ? pageOf(node) : null;
  if (!node || !page || !("visible" in node)) {
    fail("node_not_found", "That layer is no longer in the file.");
  }
  const layer = node as SceneNode;
  const switchedPage = page !== figma.currentPage;
  if (switchedPage) await figma.setCurrentPageAsync(page);
  // A selection is one page's: the others asked for are selected only when on the first one's page, and
  // those gone since are skipped (the first one alone decides whether the layer is "no longer there").
  const others: SceneNode[] = [];
  for (const id of withNodeIds) {
    const other = id === nodeId ? null : await figma.getNodeByIdAsync(id);
    if (other && !other.removed && "visible" in other && pageOf(other) === page)
      others.push(other as SceneNode);
  }
  const selected = [layer, ...others];
  page.selection = selected;
  figma.viewport.scrollAndZoomIntoView(selected);
  return { pageId: page.id, pageName: page.name, switchedPage };
}
