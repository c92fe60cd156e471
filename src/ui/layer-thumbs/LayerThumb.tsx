// A layer's 24 px picture at the start of its row, as Figma's layer rows show one. The row is drawn
// at once with the layer glyph in the tile; the picture is asked for only once the row scrolls into
// view (a long list exports only what is seen) and takes the glyph's place when it arrives.

import "./layer-thumb.css";
import { useEffect, useRef } from "preact/hooks";
import { LayerIcon } from "../icons";
import type { LayerThumbs } from "./layer-thumbs";

/** icon: a one-colour drawing, drawn in the theme's ink as the grid draws icons (a black icon on the
 * dark theme's grey tile would not show). */
export function LayerThumb(props: { thumbs: LayerThumbs; nodeId: string; icon?: boolean }) {
  const { thumbs, nodeId } = props;
  const tile = useRef<HTMLSpanElement>(null);
  const src = thumbs.of(nodeId);
  useEffect(() => {
    const el = tile.current;
    if (!el || src !== undefined) return;
    if (typeof IntersectionObserver === "undefined") {
      thumbs.want(nodeId);
      return;
    }
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      thumbs.want(nodeId);
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [thumbs, nodeId, src]);
  return (
    <span
      ref={tile}
      class={props.icon ? "layer-thumb layer-thumb--icon" : "layer-thumb"}
      data-thumb={src ? "shown" : src === null ? "none" : "pending"}
    >
      {src ? <img src={src} alt="" draggable={false} /> : <LayerIcon />}
    </span>
  );
}
