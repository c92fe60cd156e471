// One asset's picture: lazy, through the relay, with a placeholder when there is none or it fails.
// A video thumb (some Lottie previews) stays still until hovered, then plays muted.

import { useState } from "preact/hooks";
import type { AssetType } from "../../api/contract";
import type { Asset } from "../../api/types";
import { PlaceholderIcon } from "../icons";
import { relayUrl } from "../services/relay";
import { previewOf } from "./preview-source";

export function Preview({ asset, type, proxyUrl }: { asset: Asset; type: AssetType; proxyUrl: string }) {
  const [failed, setFailed] = useState(false);
  const preview = previewOf(asset, type);
  if (preview.kind === "none" || failed) {
    return (
      <span class="preview preview--none">
        <PlaceholderIcon />
      </span>
    );
  }
  const src = relayUrl(preview.url, proxyUrl);
  if (preview.kind === "video") {
    return (
      <video
        class="preview"
        src={src}
        muted
        loop
        playsInline
        preload="metadata"
        onMouseEnter={(e) => void e.currentTarget.play().catch(() => undefined)}
        onMouseLeave={(e) => e.currentTarget.pause()}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <img
      class={`preview preview--${type}`}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
