// One pair of the review: tick, the icon as it is, the icon it becomes, how the match was found,
// and the other candidates to pick instead. An unticked pair is kept as it is, and says so.

import { useState } from "preact/hooks";
import type { Asset } from "../../api/contract/spec-objects";
import { Checkbox } from "../controls";
import { previewOf } from "../grid/preview-source";
import { SwapThumb, TEXT_COLOUR } from "./SwapThumb";
import { type SwapRow, targetOf } from "./swap-store";
import { iconName, WAY_WORDS } from "./swap-words";

const pictureOf = (asset: Asset) => {
  const preview = previewOf(asset, "icon");
  return preview.kind === "image" ? preview.url : undefined;
};

export function SwapPairRow(props: { row: SwapRow; toggle: () => void; pick: (asset: Asset) => void }) {
  const { row } = props;
  const [choosing, setChoosing] = useState(false);
  const target = targetOf(row);
  if (row.outcome.kind !== "matched" || !target) return null;
  const from = iconName(row.icon.asset.name);
  const to = iconName(target.name);
  const way = !row.ticked ? "Kept" : row.picked ? "Your pick" : WAY_WORDS[row.outcome.way];
  const colour = row.icon.colour ?? TEXT_COLOUR;
  const others = [row.outcome.asset, ...row.outcome.others].filter((a) => a.uuid !== target.uuid);
  return (
    <li class={`swap-pair${row.ticked ? "" : " swap-pair--kept"}`} data-node-id={row.icon.nodeId}>
      <div class="swap-pair__line">
        <span class="swap-pair__check">
          <Checkbox name={`swap-${row.icon.nodeId}`} checked={row.ticked} onChange={props.toggle}>
            <span class="visually-hidden">
              Swap {from} for {to}
            </span>
          </Checkbox>
        </span>
        <SwapThumb src={row.before} label={from} colour={colour} />
        <span class="swap-pair__arrow" aria-hidden="true">
          →
        </span>
        <SwapThumb src={pictureOf(target)} label={to} colour={colour} />
        <span class="swap-pair__words">
          <span class="swap-pair__name" title={`${from} → ${to}`}>
            {to}
          </span>
          <span class="swap-pair__way">{way}</span>
        </span>
        {others.length ? (
          <button
            type="button"
            class="button button--ghost swap-pair__other"
            aria-expanded={choosing}
            onClick={() => setChoosing(!choosing)}
          >
            Change
          </button>
        ) : null}
      </div>
      {choosing ? (
        // biome-ignore lint/a11y/useSemanticElements: a row of picture buttons, as the grid's cells
        <div class="swap-pair__others" role="group" aria-label={`Other icons for ${from}`}>
          {others.map((asset) => (
            <button
              type="button"
              key={asset.uuid}
              class="swap-other"
              title={iconName(asset.name)}
              onClick={() => {
                props.pick(asset);
                setChoosing(false);
              }}
            >
              <SwapThumb src={pictureOf(asset)} label={iconName(asset.name)} colour={colour} />
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
