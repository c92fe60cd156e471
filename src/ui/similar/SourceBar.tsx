// The image the results are similar to (a thumbnail of the uploaded PNG and the layer's name), and
// the offer to search again when another layer has been selected since.

import { useEffect, useMemo } from "preact/hooks";
import { Icon } from "../icons";
import type { SimilarStore } from "./similar-store";

function Thumbnail({ bytes }: { bytes: Uint8Array }) {
  const url = useMemo(
    () => URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: "image/png" })),
    [bytes],
  );
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img class="source__thumb" src={url} alt="" />;
}

/** A turning arrow: search once more with the selection. */
const AgainIcon = () => <Icon d="M13.5 8A5.5 5.5 0 1 1 11.9 4.1M12 1.5v2.8H9.2" />;

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
      {/*
       * Below 360 px the words would cut the layer's name ("Similar to st…"): the button shows its
       * arrow alone, its words kept for a screen reader and as its tooltip.
       */}
      <button
        type="button"
        class={changed ? "button source__again" : "button button--secondary source__again"}
        title={changed ? "Search the new selection" : "Search again"}
        disabled={similar.exporting.value}
        onClick={() => void similar.findForSelection()}
      >
        <AgainIcon />
        <span class="source__again-text">{changed ? "Search the new selection" : "Search again"}</span>
      </button>
    </div>
  );
}
