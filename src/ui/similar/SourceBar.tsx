// The image the results are similar to (a thumbnail of the uploaded PNG and the layer's name), and
// the offer to search again when another layer has been selected since.

import { useEffect, useMemo } from "preact/hooks";
import type { SimilarStore } from "./similar-store";

function Thumbnail({ bytes }: { bytes: Uint8Array }) {
  const url = useMemo(
    () => URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: "image/png" })),
    [bytes],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img class="source__thumb" src={url} alt="" />;
}

export function SourceBar({ similar }: { similar: SimilarStore }) {
  const source = similar.source.value;
  if (!source) return null;
  const changed = similar.selectionChanged.value;
  return (
    <div class="source">
      <Thumbnail bytes={source.bytes} />
      <p class="source__text">
        Similar to <strong>{source.nodeName}</strong>
        {/* The button's own words say it to the eye; a screen reader hears it here. */}
        {changed ? <span class="visually-hidden">; the selection changed since</span> : null}
      </p>
      <button
        type="button"
        class={changed ? "button" : "button button--secondary"}
        disabled={similar.exporting.value}
        onClick={() => void similar.findForSelection()}
      >
        {changed ? "Search the new selection" : "Search again"}
      </button>
    </div>
  );
}
