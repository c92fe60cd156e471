// The asset type as one compact control at the start of the search row ("Icons ▾"), a menu of the
// types under it: a row of five segments above the search cost a whole line before the first result.
import { ASSET_TYPES } from "../../api/contract/tables";
import { ASSET_TYPE_LABELS } from "../filters/filter-rules";
import { CheckGlyph, ChevronGlyph } from "../insert-bar/bar-icons";
import { Popover } from "../insert-bar/Popover";
import type { SearchStore } from "./search-store";

export function TypeMenu({ search }: { search: Pick<SearchStore, "asset"> }) {
  const current = search.asset.value;
  return (
    <Popover
      class="type-menu"
      label={`Asset type: ${ASSET_TYPE_LABELS[current]}`}
      trigger={
        <>
          <span class="type-menu__text">{ASSET_TYPE_LABELS[current]}</span>
          <ChevronGlyph />
        </>
      }
    >
      {(close) => (
        <div class="menu" role="radiogroup" aria-label="Asset type">
          {ASSET_TYPES.map((type) => (
            // biome-ignore lint/a11y/useSemanticElements: a menu row drawn as Figma draws one
            <button
              type="button"
              key={type}
              role="radio"
              aria-checked={type === current}
              class="menu__item"
              onClick={() => {
                search.asset.value = type;
                close();
              }}
            >
              <span class="menu__check">{type === current ? <CheckGlyph /> : null}</span>
              <span class="menu__text">{ASSET_TYPE_LABELS[type]}</span>
            </button>
          ))}
        </div>
      )}
    </Popover>
  );
}
