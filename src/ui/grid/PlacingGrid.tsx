// The results grid wired to the insert controller and the detail panel: what a click, a drag, Enter
// and Shift+Enter do is the same whichever list (search or Find similar) fills it. The variants of
// one icon share a cell; the weight menu (at the end of the set chips' row) picks the one every
// cell shows, and a line weight a set has no drawing of is its outline with the lines scaled
// (variants/weight-stroke.ts), in the cell and in what a click, a drop or the menu on selected icons
// places.

import type { ReadonlySignal, Signal } from "@preact/signals";
import { createPortal } from "preact/compat";
import { useContext, useMemo } from "preact/hooks";
import { readSet, readVariant } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType } from "../../api/contract/tables";
import type { DetailStore } from "../detail/detail-store";
import type { ErrorStore } from "../errors/error-store";
import type { InsertController } from "../insert/insert-controller";
import type { InsertChoice } from "../insert/insert-plan";
import { StrokedPreviewsContext } from "../preview/stroked-previews";
import {
  drawnForChoice,
  groupVariants,
  lackingNote,
  setSpelling,
  shownInsteadNote,
  shownMember,
  switchChoice,
  type VariantGroup,
  variantChoices,
} from "../variants/group-variants";
import type { IconCounts } from "../variants/icon-counts";
import { variantsWords } from "../variants/icon-estimate";
import { selectedGroup } from "../variants/selected-group";
import { useRealFirst } from "../variants/use-real-first";
import { WeightMenu } from "../variants/WeightMenu";
import { weightLine, weightNote, weightScale } from "../variants/weight-stroke";
import { Grid } from "./Grid";
import { Preview } from "./Preview";
import "./placing-grid.css";
import type { PlacingLook } from "./placing-look";
import { previewOf } from "./preview-source";

/** "6 weights", "2 styles" for a cell's icon; empty for an icon of one drawing. */
function variantsText(group: VariantGroup | undefined): string {
  if (!group || group.members.length < 2) return "";
  const variants = group.members.map((m) => readVariant(m) ?? "").filter(Boolean);
  return variantsWords({ icons: new Map(), variants });
}

/** The stores a placing grid uses, and nothing else of the window. */
export interface PlacingStores {
  insert: InsertController;
  detail: DetailStore;
  errors: ErrorStore;
  /** The settings the grid draws with, each on its own (never the whole settings signal). */
  look: PlacingLook;
  /** The layers selected on the canvas (how many, and the asset each was placed from). */
  selection: ReadonlySignal<{ count: number; nodes: { assetUuid?: string | undefined }[] } | null>;
  /** Started as "Replace asset": a click replaces the selection. */
  replacing: ReadonlySignal<boolean>;
  /** Searches the search tab for a name (offered for a result that cannot be placed). */
  searchFor(query: string, type: AssetType): void;
  /** Turns the selected Assetport icons into `variant`; false when none is selected. */
  switchSelectedTo?(variant: Asset, choice?: InsertChoice): Promise<boolean>;
  /** Each set's variants, learnt once: the switch's choices stay put while pages load. */
  counts?: Pick<IconCounts, "variantsBySet">;
  /** The insert bar's colour, resolved ("#rrggbb"): one-colour previews are drawn in it. */
  tint?: ReadonlySignal<string | null>;
}

export interface PlacingGridProps {
  stores: PlacingStores;
  items: Asset[];
  type: AssetType;
  /** The list's own roving focus, kept apart so each tab returns to where it was. */
  focusIndex: Signal<number>;
  /** The first page is on its way: placeholders instead of an empty grid. */
  loading?: boolean;
  onPreviewFail(url: string): void;
  onNearEnd(): void;
  onExitTop(): void;
  resetKey: string;
  /**
   * Find similar: a look-alike drawn only as a shape (filled) is left out while a line weight is
   * chosen (the tab's count line says how many and offers Fill: similar/filled-only.ts).
   */
  lineWeightsOnly?: boolean;
  /**
   * Where the weight menu goes: the end of the set chips' row on the main screen (a row of its own
   * above the grid cost a line). Without it, the menu sits in a slim row of its own above the grid.
   */
  weightsAt?: HTMLElement | null;
}

/**
 * A result without a uuid (the spec shows reverse search items with name and urls only) cannot be
 * downloaded, nor its details read: say so, and offer to search for it by name instead.
 */
function refuseWithoutId(stores: PlacingStores, asset: Asset, type: AssetType): boolean {
  if (asset.uuid) return false;
  stores.errors.show(
    { reason: "asset_without_id", message: asset.name },
    { retry: () => stores.searchFor(asset.name, type) },
  );
  return true;
}

/** What inserting a cell's drawing takes: its lines scaled when it stands in for a weight. */
function choiceFor(scale: number | undefined): InsertChoice | undefined {
  return scale === undefined ? undefined : { strokeScale: scale };
}

export function PlacingGrid({
  stores,
  items,
  type,
  focusIndex,
  lineWeightsOnly,
  weightsAt,
  ...list
}: PlacingGridProps) {
  const { insert, detail, look } = stores;
  const strokes = useContext(StrokedPreviewsContext);
  const replacing = stores.replacing.value && (stores.selection.value?.count ?? 0) > 0;
  const groups = useMemo(() => groupVariants(items), [items]);
  const setVariants = stores.counts?.variantsBySet.value;
  const choices = useMemo(() => variantChoices(groups, setVariants), [groups, setVariants]);
  // The variant the switch shows as chosen (Regular when none is saved, or the saved one is not
  // offered here): the cells follow it, and mark those that cannot, as the switch promises.
  const chosen = switchChoice(choices, look.variant.value);
  const chosenWidth = look.strokeWidth.value;
  const tint = stores.tint?.value ?? null;
  // Under a weight only some sets draw, the real drawings of it first, then the stand-ins (Tabler's
  // outlines drawn bolder under Bold), each in the service's relevance order, across every page
  // loaded; the cells the grid has rendered keep their places (variants/use-real-first.ts).
  const scope = `${list.resetKey}\u0000${chosen ?? ""}`;
  // Find similar pages by likeness and ends where it falls off: no page is asked early there only
  // to find real drawings of the weight.
  const askAhead = lineWeightsOnly ? () => undefined : list.onNearEnd;
  const { ordered, shownUpTo } = useRealFirst(groups, chosen, scope, askAhead);
  const drawn = useMemo(
    () =>
      lineWeightsOnly && choices.length > 1
        ? ordered.filter((group) => drawnForChoice(group, chosen))
        : ordered,
    [ordered, chosen, lineWeightsOnly, choices.length],
  );
  /** The grid's cells rendered so far: its last, a group of `ordered` (Find similar leaves some out). */
  const onShown = (last: number) => shownUpTo(last > 0 ? drawn[Math.min(last, drawn.length) - 1] : undefined);
  const shown = useMemo(() => drawn.map((group) => shownMember(group, chosen)), [drawn, chosen]);
  const groupOf = useMemo(() => new Map(shown.map((asset, i) => [asset, drawn[i]!])), [shown, drawn]);
  /** A line weight the cell's set lacks: its own lines scaled, in the cell and on insert. */
  const scaleOf = (asset: Asset) => {
    const group = groupOf.get(asset);
    return group && type === "icon" ? weightScale(group, chosen, chosenWidth) : undefined;
  };
  /** Why a cell does not show the chosen variant, and at what width it is drawn instead. */
  const noteOf = (asset: Asset) => {
    const group = groupOf.get(asset);
    if (!group || choices.length < 2) return undefined;
    const scale = scaleOf(asset);
    const preview = previewOf(asset, type);
    const url = scale !== undefined && preview.kind === "image" && preview.svg ? preview.url : "";
    // Its own lines' width once inserted, read from the preview's drawing (loaded to draw it).
    const ownPx = url && strokes ? strokes.ownStrokePx(url, look.iconSize.value) : null;
    // Another drawing as it is says which ("shown in Filled"); a scaled one, at what width.
    if (scale === undefined) return shownInsteadNote(group, chosen, setVariants);
    return weightNote(lackingNote(group, chosen, setVariants), scale, ownPx);
  };
  /** Drawn at a nearer stroke because its whole set lacks the weight: said once, above the grid. */
  const saidAbove = (asset: Asset) => {
    const group = groupOf.get(asset);
    return !!group && !!chosen && scaleOf(asset) !== undefined && !setSpelling(group, chosen, setVariants);
  };
  const weights = weightLine(
    shown.filter(saidAbove).flatMap((asset) => {
      const note = noteOf(asset);
      return note ? [{ set: readSet(asset) ?? "", note }] : [];
    }),
  );
  const menu =
    choices.length > 1 ? (
      <WeightMenu
        choices={choices}
        chosen={chosen}
        lacking={weights}
        onChoose={(value) => {
          look.chooseVariant(value);
          // Selected icons of one of these cells follow the menu, as the cells do.
          const selected = stores.selection.peek()?.nodes ?? [];
          const group = selectedGroup(groups, selected);
          if (!group) return;
          const variant = shownMember(group, value);
          const scale = weightScale(group, value, chosenWidth);
          // Only when they would look different: another drawing, or the same one's lines scaled
          // otherwise than the cell showed them before (Regular to Bold on Tabler's one outline).
          const before = weightScale(group, chosen, chosenWidth);
          if (selected.some((node) => node.assetUuid !== variant.uuid) || scale !== before)
            void stores.switchSelectedTo?.(variant, choiceFor(scale));
        }}
      />
    ) : null;
  return (
    <>
      {weightsAt === undefined ? (
        menu ? (
          <div class="placing-grid__weights">{menu}</div>
        ) : null
      ) : weightsAt ? (
        createPortal(menu, weightsAt)
      ) : null}
      <Grid
        items={shown}
        type={type}
        focusIndex={focusIndex.value}
        busyUuid={insert.busy.value}
        replacing={replacing}
        loading={list.loading}
        costOf={(asset) => insert.costOf(asset, type)}
        variantsText={(asset) => variantsText(groupOf.get(asset))}
        lacking={noteOf}
        saidAbove={saidAbove}
        preview={(asset, waiting) => {
          const scale = scaleOf(asset);
          return (
            <Preview
              asset={asset}
              type={type}
              onFail={list.onPreviewFail}
              eager
              waiting={waiting}
              tint={tint}
              weight={scale === undefined ? null : { scale }}
            />
          );
        }}
        onFocusIndex={(i) => {
          focusIndex.value = i;
        }}
        onInsert={(asset, mode) => {
          if (refuseWithoutId(stores, asset, type)) return;
          // Nothing to replace: say so before a download is spent on it.
          if (mode === "replace" && !stores.selection.value?.count)
            stores.errors.show({ reason: "nothing_selected", message: "" });
          else void insert.insert(asset, type, replacing ? "replace" : mode, choiceFor(scaleOf(asset)));
        }}
        onDetail={(asset) =>
          refuseWithoutId(stores, asset, type) ||
          detail.show(asset, type, groupOf.get(asset)?.members, scaleOf(asset))
        }
        onDragStart={() => insert.dragStart()}
        onDragEnd={(dropId, asset, release) => {
          // Dropped back inside the window is no drop at all: nothing to refuse.
          if (release.kind === "canvas" && refuseWithoutId(stores, asset, type)) return;
          void insert.dragEnd(dropId, asset, type, release, choiceFor(scaleOf(asset)));
        }}
        onPreviewFail={list.onPreviewFail}
        onNearEnd={list.onNearEnd}
        onShown={onShown}
        onExitTop={list.onExitTop}
        resetKey={list.resetKey}
      />
    </>
  );
}
