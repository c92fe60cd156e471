// "Swap icon set": the icons found, the set and weight they go to, the pairs to review (before and
// after, each to untick or change), the ones left as they are with why, and Apply with its cost.

import "./swap.css";
import type { ComponentChildren } from "preact";
import { setLabel, variantLabel } from "../../api/client/asset-names";
import { Button, EmptyState, SelectField } from "../controls";
import { BackIcon } from "../icons";
import { SwapPairRow } from "./SwapPairRow";
import { SwapThumb, TEXT_COLOUR } from "./SwapThumb";
import type { SwapStore } from "./swap-store";
import { iconCount, iconName, SKIP_WORDS, targetWords, unmatchedWords } from "./swap-words";

function Target({ swap }: { swap: SwapStore }) {
  const set = swap.set.value;
  const weights = swap.weights.value;
  return (
    <div class="swap__target">
      <SelectField
        label="Set"
        name="swap-set"
        value={set ?? ""}
        options={swap.sets.value.map((s) => [s, setLabel(s)] as const)}
        onChange={(value) => void swap.chooseSet(value)}
      />
      {weights.length > 1 ? (
        <SelectField
          label="Weight"
          name="swap-weight"
          value={swap.weight.value ?? ""}
          options={weights.map((w) => [w, variantLabel(w)] as const)}
          onChange={(value) => void swap.chooseWeight(value)}
        />
      ) : null}
    </div>
  );
}

function LeftAsTheyAre({ swap }: { swap: SwapStore }) {
  const set = swap.set.value ?? "";
  const weight = swap.weight.value;
  const unmatched = swap.rows.value
    .map((row) => ({ row, why: unmatchedWords(row, set, weight) }))
    .filter((r): r is { row: (typeof r)["row"]; why: string } => r.why !== undefined);
  const skipped = swap.found.value?.skipped ?? [];
  if (!unmatched.length && !skipped.length) return null;
  return (
    <section class="swap__left" aria-labelledby="swap-left-title">
      <h3 id="swap-left-title" class="swap__heading">
        Left as they are · {unmatched.length + skipped.length}
      </h3>
      <ul class="swap__list">
        {unmatched.map(({ row, why }) => (
          <li key={row.icon.nodeId} class="swap-left">
            <SwapThumb src={row.before} colour={row.icon.colour ?? TEXT_COLOUR} />
            <span class="swap-pair__words">
              <span class="swap-pair__name">{iconName(row.icon.asset.name)}</span>
              <span class="swap-pair__way">{why}</span>
            </span>
          </li>
        ))}
        {skipped.map((skip) => (
          <li key={skip.nodeId} class="swap-left">
            {/* A locked icon is drawn; a layer that is no icon, or inside an instance, is not. */}
            <SwapThumb
              src={swap.skippedPictures.value.get(skip.nodeId)}
              colour={skip.colour ?? TEXT_COLOUR}
            />
            <span class="swap-pair__words">
              <span class="swap-pair__name">{iconName(skip.layerName)}</span>
              <span class="swap-pair__way">{SKIP_WORDS[skip.reason]}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Footer({ swap, metered }: { swap: SwapStore; metered: boolean }) {
  const chosen = swap.chosen.value.length;
  const applying = swap.phase.value === "applying";
  const matching = swap.matching.value;
  // Each new icon is one download; one already downloaded this session costs nothing again.
  const downloads = new Set(
    swap.chosen.value.map((r) => (r.outcome.kind === "matched" ? (r.picked ?? r.outcome.asset).uuid : "")),
  ).size;
  const note = applying
    ? `Downloading ${swap.downloaded.value} of ${downloads}…`
    : matching
      ? "Matching…"
      : metered && downloads
        ? `Up to ${downloads} ${downloads === 1 ? "credit" : "credits"}`
        : "One undo step";
  return (
    <footer class="swap__footer">
      <p class="swap__note" aria-live="polite">
        {note}
      </p>
      <Button disabled={!chosen || applying || matching} onClick={() => void swap.apply()}>
        {chosen ? `Swap ${iconCount(chosen)}` : "Swap"}
      </Button>
    </footer>
  );
}

/** "4 icons", or "3 of 4 icons" once some matched pairs are unticked (kept as they are). */
function leadCount(swap: SwapStore): string {
  const rows = swap.rows.value;
  const matched = rows.filter((row) => row.outcome.kind === "matched").length;
  const chosen = swap.chosen.value.length;
  if (swap.matching.value || !matched || chosen === matched) return iconCount(rows.length);
  return `${chosen} of ${iconCount(matched)}`;
}

export function SwapView(props: {
  swap: SwapStore;
  metered: boolean;
  onBack: () => void;
  /** The window's notice (a failed download or match), under the title. */
  notice?: ComponentChildren;
}) {
  const { swap } = props;
  const phase = swap.phase.value;
  const found = swap.found.value;
  const rows = swap.rows.value;
  const where = swap.scope.value === "page" ? "on this page" : "in the selection";
  return (
    <section class="swap" aria-labelledby="swap-title" data-testid="swap-view">
      <header class="detail__header">
        <button type="button" class="icon-button" aria-label="Back to search" onClick={props.onBack}>
          <BackIcon />
        </button>
        <h2 id="swap-title" class="detail__title">
          Swap icon set
        </h2>
      </header>
      {props.notice}
      {phase === "finding" ? <EmptyState title="Looking for icons…" loading /> : null}
      {found && !found.icons.length ? (
        <EmptyState
          title={swap.nothingSelected.value ? "Select the icons to swap" : `No Assetport icons ${where}`}
          body="Select icons placed with Assetport, or a frame holding them."
        >
          {swap.scope.value === "selection" ? (
            <Button variant="secondary" onClick={() => void swap.open("page")}>
              Find icons on this page
            </Button>
          ) : null}
        </EmptyState>
      ) : null}
      {found && rows.length ? (
        <>
          <p class="swap__lead">
            {leadCount(swap)} {where}
            {found.more ? " (the first ones)" : ""}
            {swap.set.value ? ` to ${targetWords(swap.set.value, swap.weight.value)}` : ""}
          </p>
          <Target swap={swap} />
          <ul class="swap__list" aria-label="Icons to swap">
            {rows.map((row) => (
              <SwapPairRow
                key={row.icon.nodeId}
                row={row}
                toggle={() => swap.toggle(row.icon.nodeId)}
                pick={(asset) => swap.pick(row.icon.nodeId, asset)}
              />
            ))}
          </ul>
          <LeftAsTheyAre swap={swap} />
          <Footer swap={swap} metered={props.metered} />
        </>
      ) : null}
    </section>
  );
}
