// One asset's picture, loaded only while its cell exists (the grid renders only what is in view),
// through the relay with the access token, with a placeholder when there is none or it fails.
// A video thumb (some Lottie previews) stays still until hovered, then plays muted.

import { useEffect, useState } from "preact/hooks";
import type { AssetType } from "../../api/contract";
import type { Asset } from "../../api/types";
import { PlaceholderIcon } from "../icons";
import type { LoadPreview } from "../services/preview-loader";
import { previewOf } from "./preview-source";

export function Preview({ asset, type, load }: { asset: Asset; type: AssetType; load: LoadPreview }) {
  const preview = previewOf(asset, type);
  const url = preview.kind === "none" ? "" : preview.url;
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    if (url)
      load(url).then(
        (s) => live && setSrc(s),
        () => live && setFailed(true),
      );
    return () => {
      live = false;
    };
  }, [url]);
  if (preview.kind === "none" || failed) {
    return (
      <span class="preview preview--none">
        <PlaceholderIcon />
      </span>
    );
  }
  if (!src) return <span class="preview" />;
  if (preview.kind === "video") {
    return (
      <video
        class="preview"
        src={src}
        muted
        loop
        playsInline
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
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
