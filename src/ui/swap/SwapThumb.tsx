// An icon's thumbnail in the swap review: drawn in the layer's own colour (its one recorded colour,
// else the theme's text colour) on the theme's secondary tile, so the before and after read alike and
// neither glares in the dark theme. The picture is the mask of a block of that colour, as the grid's
// tinted previews are: its shape and alpha, never its markup.

import { cssUrl } from "../grid/preview-tint";

/** What an icon is drawn in when it has no one colour of its own. */
export const TEXT_COLOUR = "var(--text)";

/** label: what the picture shows; none when the words beside it already name it. */
export function SwapThumb(props: { src: string | undefined; label?: string; colour: string }) {
  const { src, label, colour } = props;
  if (!src) return <span class="swap-thumb" />;
  const mask = cssUrl(src);
  return (
    <span class="swap-thumb">
      {/* Hidden, it loads the picture (and tells when it has) for the mask to draw from the cache. */}
      <img src={src} alt="" draggable={false} />
      <span
        class="swap-thumb__ink"
        {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" })}
        data-colour={colour}
        style={{ backgroundColor: colour, maskImage: mask, WebkitMaskImage: mask }}
      />
    </span>
  );
}
