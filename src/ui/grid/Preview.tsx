// One asset's picture: a plain <img> (or a muted <video> for a Lottie's video thumb) on the signed
// preview link the proxy put in the asset's `urls`, so the browser loads, decodes and caches it
// itself and no access token is needed. Cells exist only while in view (the grid is virtualised), so
// the grid loads its pictures at once; `loading="lazy"` covers the detail and recent views. A picture
// that fails shows a placeholder.

import { useState } from "preact/hooks";
import type { AssetType } from "../../api/contract";
import type { Asset } from "../../api/types";
import { PlaceholderIcon } from "../icons";
import { previewOf } from "./preview-source";

export function Preview({
  asset,
  type,
  onFail,
  eager = false,
}: {
  asset: Asset;
  type: AssetType;
  /**
   * Load at once: the grid renders only the cells in view, and Chromium leaves a lazy image that a
   * resize (not a scroll) brings into view unloaded, a blank cell.
   */
  eager?: boolean;
  /** Told which link failed: an expired one means the results need fresh links. */
  onFail?: ((url: string) => void) | undefined;
}) {
  const preview = previewOf(asset, type);
  // Keyed by URL: a new link (a fresh search, a renewed recent) gets its own try.
  const [failedUrl, setFailedUrl] = useState("");
  const fail = (url: string) => {
    setFailedUrl(url);
    onFail?.(url);
  };
  if (preview.kind === "none" || failedUrl === preview.url) {
    return (
      <span class="preview preview--none">
        <PlaceholderIcon />
      </span>
    );
  }
  const { url } = preview;
  if (preview.kind === "video") {
    return (
      <video
        class="preview"
        src={url}
        muted
        loop
        playsInline
        preload="metadata"
        onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
        onMouseLeave={(e) => e.currentTarget.pause()}
        onError={() => fail(url)}
      />
    );
  }
  return (
    <img
      class={`preview preview--${type}`}
      src={url}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      draggable={false}
      onError={() => fail(url)}
    />
  );
}
