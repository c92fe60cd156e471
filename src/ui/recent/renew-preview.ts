// A recent asset's stored preview link lives about an hour: when one fails, the asset is asked for
// again (once per asset and session) for a fresh link.

import type { RecentAsset } from "../../messages/types";
import { previewOf } from "../grid/preview-source";
import type { AssetsApi } from "../services/assets-api";
import type { RecentStore } from "./recent-store";

export function createPreviewRenewer(deps: { api: () => AssetsApi; recent: RecentStore }) {
  const renewed = new Set<string>();
  return async function renewRecentPreview(ref: RecentAsset): Promise<void> {
    if (renewed.has(ref.uuid)) return;
    renewed.add(ref.uuid);
    try {
      const { item } = await deps.api().item(ref.uuid);
      const preview = previewOf(item, ref.type);
      if (preview.kind === "image" && preview.url !== ref.previewUrl)
        deps.recent.setPreview(ref.uuid, preview.url);
    } catch {
      // The placeholder stays; nothing here is worth a notice.
    }
  };
}
