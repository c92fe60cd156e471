// The assets inserted lately, above the results while the search field is empty: one click puts
// the same asset in again. A stored preview link expires with its signature; when one fails, the
// app asks for the asset once more for a fresh link.

import type { AppState } from "../app-state";
import { Preview } from "../grid/Preview";

export function RecentStrip({ app }: { app: AppState }) {
  const type = app.search.asset.value;
  const recent = app.recent.assets.value.filter((a) => a.type === type).slice(0, 8);
  if (app.search.query.value || !recent.length) return null;
  return (
    <section class="recent" aria-label="Recently inserted">
      {recent.map((ref) => {
        const urls: Record<string, string> = ref.previewUrl ? { preview: ref.previewUrl } : {};
        const asset = { uuid: ref.uuid, name: ref.name, urls };
        return (
          <button
            type="button"
            key={ref.uuid}
            class="recent__item"
            aria-label={`Insert ${ref.name} again`}
            title={ref.name}
            onClick={() => void app.insert.insert(asset, type)}
          >
            <Preview asset={asset} type={type} onFail={() => void app.renewRecentPreview(ref)} />
          </button>
        );
      })}
    </section>
  );
}
