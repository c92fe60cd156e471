// One asset's picture: a plain <img> (or a muted <video>'s first frame for a Lottie's video thumb) on
// the preview link written from the proxy's grant into the asset's `urls` (services/preview-links.ts),
// so the browser loads, decodes and caches it
// itself and no access token is needed. Cells exist only while in view (the grid is virtualised), so
// the grid loads its pictures at once, as do the home's cards and recent strip (all in view as the
// window opens); `loading="lazy"` covers the details. A picture that fails shows a placeholder.
// With a stroke width chosen in the insert bar, a line icon's SVG is shown redrawn at that width
// (preview/stroked-previews.ts), still only ever as an image; so is one drawn at a weight its set
// lacks (Tabler's lines thicker for Bold).

import { useContext, useEffect, useRef, useState } from "preact/hooks";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { PlaceholderIcon } from "../icons";
import { CanvasPreview } from "../preview/CanvasPreview";
import { InkFitsContext } from "../preview/ink-fit";
import { previewLook } from "../preview/preview-look";
import type { WeightLook } from "../preview/stroke-rewrite";
import { type StrokedImage, StrokedPreviewsContext } from "../preview/stroked-previews";
import { previewOf } from "./preview-source";
import { cssUrl, tintable } from "./preview-tint";

export function Preview({
  asset,
  type,
  onFail,
  eager = false,
  tint = null,
  weight = null,
  waiting = false,
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
  /** The colour a one-colour icon is drawn in (preview-tint); null: as the service drew it. */
  tint?: string | null | undefined;
  /**
   * A weight its set has no drawing of, drawn as its own lines scaled (variants/weight-stroke.ts);
   * a width chosen in the insert bar wins over it.
   */
  weight?: WeightLook | null | undefined;
  /**
   * Not asked for yet: the frame that paints a grid's first cells shows their placeholders and
   * starts no request (grid/first-paint.ts).
   */
  waiting?: boolean;
}) {
  const preview = previewOf(asset, type);
  // Keyed by URL: a new link (a fresh search, a renewed recent) gets its own try.
  const [failedUrl, setFailedUrl] = useState("");
  const strokes = useContext(StrokedPreviewsContext);
  /** The link this picture has loaded as an <img>, if any. */
  const shownUrl = useRef("");
  const chosenWidth = strokes?.look.value ?? null;
  const look = previewLook(chosenWidth, weight?.scale);
  const strokable = type === "icon" && preview.kind === "image" && preview.svg ? preview.url : "";
  const stroked: StrokedImage =
    strokes && look && strokable ? strokes.imageFor(strokable, look) : { state: "original" };
  useEffect(() => {
    if (stroked.state === "pending" && strokes) void strokes.load(strokable);
  }, [stroked.state, strokable, strokes]);
  // Where small drawings are shown enlarged (Find similar): this icon's, once its ink is measured.
  const inkFits = useContext(InkFitsContext);
  const fittable = inkFits && type === "icon" && preview.kind === "image" && preview.svg ? preview.url : "";
  const fit = fittable && inkFits ? inkFits.fitFor(fittable) : null;
  useEffect(() => {
    if (fit === undefined && inkFits) void inkFits.load(fittable);
  }, [fit, fittable, inkFits]);
  /**
   * Which of the two ways of drawing it (a plain picture, or its mask over the colour) has loaded:
   * until then the cell shows a placeholder (grid.css), never a blank. A new link on the same
   * element needs none: the browser keeps the old picture until the new one is decoded.
   */
  const [loadedAs, setLoadedAs] = useState<"img" | "mask" | null>(null);
  /** The last link the picture loaded: a mask keeps it until the next one is in (no blank between). */
  const [loadedSrc, setLoadedSrc] = useState("");
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
  if (waiting) return <span class={`preview preview--${type} preview--pending`} data-loading="" />;
  // The redrawn SVG is on its way. A picture already showing the service's drawing (a width chosen
  // just now) keeps it until then; a new one waits empty rather than load the link a second time.
  if (stroked.state === "pending" && shownUrl.current !== url)
    return <span class={`preview preview--${type} preview--pending`} data-loading="" />;
  if (preview.kind === "video") {
    return (
      <video
        class="preview"
        src={url}
        muted
        loop
        playsInline
        // Its first frame, a still: the cell plays it while hovered or focused (CellMotion).
        preload="metadata"
        onError={() => fail(url)}
      />
    );
  }
  if (stroked.state === "canvas") {
    return (
      <CanvasPreview
        drawing={stroked.drawing}
        strokeUnits={stroked.strokeUnits}
        tint={tint && tintable(asset, type) ? tint : null}
        class={`preview preview--${type}`}
        width={chosenWidth?.width ?? 0}
        scale={chosenWidth ? undefined : weight?.scale}
      />
    );
  }
  // A width chosen draws the service's drawing at it; else a small one shows enlarged, once measured.
  const fitted = stroked.state === "original" && fit ? fit : null;
  const src = stroked.state === "ready" ? stroked.src : (fitted ?? url);
  if (src === url) shownUrl.current = url;
  const masked = Boolean(tint && tintable(asset, type));
  const drawnAs = masked ? "mask" : "img";
  const loading = loadedAs !== drawnAs ? "" : undefined;
  const img = (
    <img
      class={`preview preview--${type}`}
      src={src}
      // The width it is drawn at, for whoever checks the picture (tests, the bench).
      data-stroke={stroked.state === "ready" && stroked.stroked ? chosenWidth?.width : undefined}
      data-scale={stroked.state === "ready" && stroked.stroked && !chosenWidth ? weight?.scale : undefined}
      data-loading={masked ? undefined : loading}
      data-fitted={fitted ? "" : undefined}
      // Its drawing's size is being measured (Find similar): it may yet show enlarged.
      data-measuring={fit === undefined ? "" : undefined}
      alt=""
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      draggable={false}
      onLoad={() => {
        setLoadedAs(drawnAs);
        setLoadedSrc(src);
      }}
      onError={() => fail(url)}
    />
  );
  if (!masked) return img;
  // The picture as a mask over the chosen colour: its shape and alpha, never its markup (the
  // service's SVG is not put in the page). The <img> stays, unseen, to load it and report a failure.
  // A new link (a new stroke width) would blank the mask until decoded: the old one stays until the
  // hidden <img> has loaded the new one, which puts it in the cache the mask then draws from.
  const mask = cssUrl(loadedAs === "mask" && loadedSrc ? loadedSrc : src);
  return (
    <span class="preview preview--tinted" data-loading={loading} data-fitted={fitted ? "" : undefined}>
      {img}
      <span
        class="preview__tint"
        data-tint={tint}
        style={{ backgroundColor: tint, maskImage: mask, WebkitMaskImage: mask }}
      />
    </span>
  );
}
