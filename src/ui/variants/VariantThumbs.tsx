// The variants of the icon whose details are open, as small pictures: one click picks the one
// Insert places. A radio group, so the arrow keys walk it.

import { nameAsset } from "../../api/asset-names";
import type { AssetType } from "../../api/contract";
import type { Asset } from "../../api/types";
import { Preview } from "../grid/Preview";
import "./variants.css";

export interface VariantThumbsProps {
  variants: readonly Asset[];
  picked: string;
  type: AssetType;
  onPick(asset: Asset): void;
}

export function VariantThumbs({ variants, picked, type, onPick }: VariantThumbsProps) {
  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const at = variants.findIndex((v) => v.uuid === picked);
    const next = variants[(at + step + variants.length) % variants.length];
    if (!next) return;
    onPick(next);
    const group = e.currentTarget as HTMLElement;
    queueMicrotask(() => group.querySelector<HTMLElement>(`[data-uuid="${next.uuid}"]`)?.focus());
  }
  return (
    <div class="variant-thumbs" role="radiogroup" aria-label="Variants" tabIndex={-1} onKeyDown={onKeyDown}>
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
