// The variants of the icon whose details are open, as small pictures: one click picks the one
// Insert places. A radio group, so the arrow keys walk it. Where the row is wider than the panel
// (six weights at 280 px) it scrolls sideways and fades out on the side with more, as the set chips
// do; the picked thumb, and one the arrow keys reach, is scrolled clear of the fade.

import { useLayoutEffect, useState } from "preact/hooks";
import { nameAsset } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import { Preview } from "../grid/Preview";
import { useEdgeFade } from "../sets/edge-fade";
import "./variants.css";

/** The fade's width (variants.css): a thumb scrolled to is kept this far inside the row's edge. */
const FADE_PX = 24;

/** Scrolls the row, and only the row, so `thumb` shows whole and clear of the faded edges. */
export function revealInRow(row: HTMLElement, thumb: HTMLElement): void {
  const box = row.getBoundingClientRect();
  const at = thumb.getBoundingClientRect();
  const left = at.left - box.left + row.scrollLeft;
  const right = left + at.width;
  if (left - FADE_PX < row.scrollLeft) row.scrollLeft = Math.max(0, left - FADE_PX);
  else if (right + FADE_PX > row.scrollLeft + row.clientWidth)
    row.scrollLeft = right + FADE_PX - row.clientWidth;
}

export interface VariantThumbsProps {
  variants: readonly Asset[];
  picked: string;
  type: AssetType;
  onPick(asset: Asset): void;
}

export function VariantThumbs({ variants, picked, type, onPick }: VariantThumbsProps) {
  const [row, setRow] = useState<HTMLDivElement | null>(null);
  const fade = useEdgeFade(row, variants.length);
  // Opened on Duotone at 280 px: the chosen thumb is in view, not past the edge.
  useLayoutEffect(() => {
    const thumb = row?.querySelector<HTMLElement>(`[data-uuid="${picked}"]`);
    if (row && thumb) revealInRow(row, thumb);
  }, [row, picked]);
  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const at = variants.findIndex((v) => v.uuid === picked);
    const next = variants[(at + step + variants.length) % variants.length];
    if (!next) return;
    onPick(next);
    const group = e.currentTarget as HTMLElement;
    queueMicrotask(() => {
      const thumb = group.querySelector<HTMLElement>(`[data-uuid="${next.uuid}"]`);
      if (!thumb) return;
      // The row scrolls itself clear of the fade; the browser's own focus scroll would stop at the edge.
      thumb.focus({ preventScroll: true });
      revealInRow(group, thumb);
    });
  }
  return (
    <div
      class="variant-thumbs"
      role="radiogroup"
      aria-label="Variants"
      tabIndex={-1}
      data-fade={fade || undefined}
      ref={setRow}
      onKeyDown={onKeyDown}
    >
      {variants.map((variant) => {
        const label = nameAsset(variant).variant ?? nameAsset(variant).name;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a picture choice in Figma's style, not a browser radio
          <button
            key={variant.uuid}
            type="button"
            role="radio"
            class="variant-thumb"
            data-uuid={variant.uuid}
            aria-checked={variant.uuid === picked}
            aria-label={label}
            // A name longer than the thumb ellipsizes: the whole of it on hover.
            title={label}
            tabIndex={variant.uuid === picked ? 0 : -1}
            onClick={() => onPick(variant)}
          >
            <Preview asset={variant} type={type} />
            <span class="variant-thumb__label">{label}</span>
          </button>
        );
      })}
    </div>
  );
}
