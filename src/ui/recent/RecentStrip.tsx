// The assets inserted lately: one click puts the same asset in again. Shown on the home (and above
// the results while the search field is empty when there is no home). A stored preview link
// expires with its signature; when one fails, `onPreviewFail` asks for a fresh one.

import { humanName } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { RecentAsset } from "../../messages/types";
import { Preview } from "../grid/Preview";
import { RECENT_SHOWN } from "./recent-shown";
import type { RecentStore } from "./recent-store";
import "./recent.css";

export { RECENT_SHOWN } from "./recent-shown";

export function RecentStrip({
  recent,
  type,
  onInsert,
  onPreviewFail,
}: {
  recent: Pick<RecentStore, "assets">;
  type: AssetType;
  onInsert(asset: Asset): void;
  onPreviewFail(ref: RecentAsset): void;
}) {
  const shown = recent.assets.value.filter((a) => a.type === type).slice(0, RECENT_SHOWN);
  if (!shown.length) return null;
  return (
    <section class="recent" aria-label="Recently inserted">
      {shown.map((ref) => {
        const urls: Record<string, string> = ref.previewUrl ? { preview: ref.previewUrl } : {};
        const asset = { uuid: ref.uuid, name: ref.name, urls };
        return (
          <button
            type="button"
            key={ref.uuid}
            class="recent__item"
            aria-label={`Insert ${humanName(ref.name)} again`}
            title={humanName(ref.name)}
            onClick={() => onInsert(asset)}
          >
            {/* At the top of the home, all in view as the window opens: loaded at once, not lazily
                (a lazy picture waits for a layout and a visibility check before it is asked for). */}
            <Preview asset={asset} type={type} onFail={() => onPreviewFail(ref)} eager />
          </button>
        );
      })}
    </section>
  );
}
