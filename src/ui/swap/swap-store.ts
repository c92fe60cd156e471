// A set swap from start to end: the icons found on the canvas, the set and weight they go to, a
// match for each (matched as soon as the target is chosen, a few at a time), the designer's review
// (untick a pair, pick another candidate), then Apply: each new icon's SVG is downloaded (a file
// already downloaded costs nothing again) and the plugin puts every pair in place in one step.

import { batch, computed, effect, type ReadonlySignal, signal } from "@preact/signals";
import { readSet, readVariant } from "../../api/client/asset-names";
import type { Asset } from "../../api/contract/spec-objects";
import type { SelectionInfo, SwapFound, SwapIcon, SwapPair, SwapScope } from "../../messages/types";
import type { UiPort } from "../../messages/ui-port";
import { toUiError, type UiError } from "../errors/ui-error";
import { createMatchCache, type MatchApi, type MatchOutcome, matchIcon } from "./match-icon";
import { iconSets, nearestWeight, type SetsApi, setWeights } from "./target-sets";

export interface SwapRow {
  icon: SwapIcon;
  /** The icon's picture as the canvas draws it (an object URL). */
  before: string;
  outcome: MatchOutcome | { kind: "pending" } | { kind: "failed"; error: UiError };
  /** The candidate the designer picked instead of the match, if any. */
  picked?: Asset;
  ticked: boolean;
}

export interface SwapDeps {
  api: () => MatchApi & SetsApi;
  port: Pick<UiPort, "request">;
  /** The SVG text of an icon, downloaded as Insert downloads it (kept, and charged once). */
  svgOf: (asset: Asset) => Promise<string | undefined>;
  onError: (error: UiError) => void;
  /** Called once the swap is on the canvas, with how many icons changed. */
  onSwapped?: (count: number) => void;
  /** The canvas selection: opened with nothing selected, the swap starts once icons are selected. */
  selection?: ReadonlySignal<SelectionInfo | null>;
}

/** Icons matched at once: each asks a search or two; more would queue at the service's rate limit. */
const MATCHING_AT_ONCE = 4;
const DOWNLOADS_AT_ONCE = 4;

async function eachBounded<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, lane));
}

const pictureUrl = (png: Uint8Array) => URL.createObjectURL(new Blob([png.slice()], { type: "image/png" }));

export function createSwapStore(deps: SwapDeps) {
  const phase = signal<"closed" | "finding" | "review" | "applying">("closed");
  const scope = signal<SwapScope>("selection");
  const found = signal<SwapFound | null>(null);
  /** The swap was opened with nothing selected. */
  const nothingSelected = signal(false);
  const rows = signal<SwapRow[]>([]);
  const sets = signal<string[]>([]);
  const weights = signal<string[]>([]);
  const set = signal<string | null>(null);
  const weight = signal<string | null>(null);
  /** Locked icons' pictures (object URLs) by layer: shown in the review, never changed. */
  const skippedPictures = signal<ReadonlyMap<string, string>>(new Map());
  /** Every picture link of the last review let go: a new review or closing makes new ones. */
  const letGoOfPictures = () => {
    for (const row of rows.peek()) URL.revokeObjectURL(row.before);
    for (const url of skippedPictures.peek().values()) URL.revokeObjectURL(url);
  };
  /** Icons downloaded so far while applying. */
  const downloaded = signal(0);
  /**
   * The last swap put in place, for the toast that says so and offers Undo: how many icons, the set
   * and weight they went to, and each new layer with the icon it replaced (Undo swaps them back).
   */
  const applied = signal<AppliedSwap | null>(null);
  let run: AbortController | undefined;

  const update = (nodeId: string, change: (row: SwapRow) => SwapRow) => {
    rows.value = rows.peek().map((row) => (row.icon.nodeId === nodeId ? change(row) : row));
  };

  /** Each icon's own set and weight, as the service knows it: the defaults are read from them. */
  const knownSets = new Map<string, string>();
  const knownWeights = new Map<string, string>();
  /** One cache a swap: icons share names and tags, and every target set asks their records again. */
  let cache = createMatchCache(deps.api);

  /** The set most of the icons are from: another set is offered as the target. */
  function setOfMost(): string | undefined {
    const count = new Map<string, number>();
    for (const from of knownSets.values()) count.set(from, (count.get(from) ?? 0) + 1);
    return [...count.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  }

  async function learnOwnSets(icons: readonly SwapIcon[]) {
    await eachBounded(icons, MATCHING_AT_ONCE, async (icon) => {
      const known = await cache.item(icon.asset.uuid).catch(() => null);
      const from = known ? readSet(known) : undefined;
      const had = known ? readVariant(known) : undefined;
      if (from) knownSets.set(icon.nodeId, from);
      if (had) knownWeights.set(icon.nodeId, had);
    });
  }

  async function matchAll() {
    run?.abort();
    const stop = new AbortController();
    run = stop;
    const target = set.peek();
    if (!target) return;
    rows.value = rows.peek().map(({ picked: _, ...row }) => ({ ...row, outcome: { kind: "pending" } }));
    await eachBounded(rows.peek(), MATCHING_AT_ONCE, async (row) => {
      if (stop.signal.aborted) return;
      let outcome: SwapRow["outcome"];
      try {
        outcome = await matchIcon(cache, row.icon, { set: target, variant: weight.peek() }, stop.signal);
      } catch (error) {
        if (stop.signal.aborted) return;
        outcome = { kind: "failed", error: toUiError(error) };
      }
      if (stop.signal.aborted) return;
      update(row.icon.nodeId, (r) => ({ ...r, outcome, ticked: outcome.kind === "matched" }));
    });
  }

  async function chooseSet(name: string) {
    batch(() => {
      set.value = name;
      weights.value = [];
    });
    try {
      const names = rows.peek().map((row) => row.icon.asset.name);
      const offered = await setWeights((params) => cache.search(params), name, names);
      if (set.peek() !== name) return;
      const had = [...knownWeights.values()][0];
      batch(() => {
        weights.value = offered;
        weight.value = nearestWeight(offered, had);
      });
    } catch (error) {
      deps.onError(toUiError(error));
      return;
    }
    await matchAll();
  }

  function close() {
    run?.abort();
    letGoOfPictures();
    batch(() => {
      phase.value = "closed";
      rows.value = [];
      skippedPictures.value = new Map();
    });
  }

  const store = {
    applied,
    /** The toast is gone (timed out, or closed): nothing more to undo from the window. */
    dismissApplied() {
      applied.value = null;
    },
    /**
     * Swaps the last swap back: each new layer becomes the icon it replaced, downloaded as Insert
     * downloads it (already kept from its first placing, so it costs nothing again), in one step.
     */
    async undoApplied() {
      const last = applied.peek();
      if (!last || last.undoing) return;
      applied.value = { ...last, undoing: true };
      try {
        const svgs = new Map<string, string>();
        let missing = false;
        const uuids = [...new Set(last.back.map((b) => b.was.uuid))];
        await eachBounded(uuids, DOWNLOADS_AT_ONCE, async (uuid) => {
          const asset = await cache.item(uuid);
          const svg = asset ? await deps.svgOf(asset) : undefined;
          if (svg === undefined) missing = true;
          else svgs.set(uuid, svg);
        });
        if (missing) {
          applied.value = { ...last, undoing: false };
          return;
        }
        const pairs: SwapPair[] = last.back.map((b) => ({
          nodeId: b.nodeId,
          asset: { uuid: b.was.uuid, name: b.was.name, type: "icon" },
          content: { kind: "svg", svg: svgs.get(b.was.uuid)! },
        }));
        await deps.port.request("swap-apply", { pairs });
        applied.value = null;
      } catch (error) {
        applied.value = { ...last, undoing: false };
        deps.onError(toUiError(error));
      }
    },
    phase,
    scope,
    found,
    nothingSelected,
    rows,
    sets,
    weights,
    set,
    weight,
    downloaded,
    skippedPictures,
    /** The pairs Apply will put in place: ticked, matched. */
    chosen: computed(() => rows.value.filter((r) => r.ticked && targetOf(r) !== undefined)),
    matching: computed(() => rows.value.some((r) => r.outcome.kind === "pending")),
    /** Looks for the icons (in the selection, or on the page) and offers the sets to swap them to. */
    async open(where: SwapScope = "selection") {
      run?.abort();
      letGoOfPictures();
      batch(() => {
        // A new swap: the last one's toast (and its Undo) goes.
        applied.value = null;
        phase.value = "finding";
        scope.value = where;
        found.value = null;
        nothingSelected.value = false;
        rows.value = [];
        skippedPictures.value = new Map();
      });
      try {
        const answer = await deps.port.request("swap-find", { scope: where });
        cache = createMatchCache(deps.api);
        knownSets.clear();
        knownWeights.clear();
        const [offered] = await Promise.all([
          sets.peek().length ? sets.peek() : iconSets(deps.api()),
          learnOwnSets(answer.icons),
        ]);
        batch(() => {
          found.value = answer;
          sets.value = offered;
          rows.value = answer.icons.map((icon) => ({
            icon,
            before: pictureUrl(icon.picture),
            outcome: { kind: "pending" },
            ticked: false,
          }));
          skippedPictures.value = new Map(
            answer.skipped.flatMap((skip) => (skip.picture ? [[skip.nodeId, pictureUrl(skip.picture)]] : [])),
          );
          phase.value = "review";
        });
        if (!answer.icons.length) return;
        const from = setOfMost();
        const to = offered.find((s) => s !== from) ?? offered[0];
        if (to) await chooseSet(to);
      } catch (error) {
        const failure = toUiError(error);
        // Nothing selected is the view's own empty state (with the way to the whole page), not an error.
        if (failure.reason === "nothing_selected") {
          batch(() => {
            found.value = { icons: [], skipped: [], more: false };
            nothingSelected.value = true;
            phase.value = "review";
          });
          return;
        }
        phase.value = "closed";
        deps.onError(failure);
      }
    },
    chooseSet,
    async chooseWeight(name: string) {
      weight.value = name;
      await matchAll();
    },
    toggle(nodeId: string) {
      update(nodeId, (row) => ({ ...row, ticked: !row.ticked }));
    },
    /** Another candidate instead of the match (ticks the pair: picking one means wanting it). */
    pick(nodeId: string, asset: Asset) {
      update(nodeId, (row) => ({ ...row, picked: asset, ticked: true }));
    },
    close,
    /** Downloads each new icon once, then puts every ticked pair in place at once. */
    async apply() {
      const chosen = rows.peek().filter((r) => r.ticked && r.outcome.kind === "matched");
      if (!chosen.length) return;
      phase.value = "applying";
      downloaded.value = 0;
      const svgs = new Map<string, string>();
      let missing = false;
      const assets = [...new Map(chosen.map((r) => [targetOf(r)!.uuid, targetOf(r)!] as const)).values()];
      await eachBounded(assets, DOWNLOADS_AT_ONCE, async (asset) => {
        if (missing) return;
        // svgOf reports its own failure (the designer sees why); the swap then stops whole.
        const svg = await deps.svgOf(asset);
        if (svg === undefined) missing = true;
        else svgs.set(asset.uuid, svg);
        downloaded.value++;
      });
      if (missing) {
        phase.value = "review";
        return;
      }
      const pairs: SwapPair[] = chosen.map((row) => {
        const asset = targetOf(row)!;
        return {
          nodeId: row.icon.nodeId,
          asset: { uuid: asset.uuid, name: asset.name, type: "icon" },
          content: { kind: "svg", svg: svgs.get(asset.uuid)! },
        };
      });
      try {
        const placed = await deps.port.request("swap-apply", { pairs });
        const to = { set: set.peek() ?? "", weight: weight.peek() };
        const back = chosen.map((row, i) => ({ nodeId: placed.nodeIds[i]!, was: row.icon.asset }));
        close();
        applied.value = { count: pairs.length, ...to, back, undoing: false };
        deps.onSwapped?.(pairs.length);
      } catch (error) {
        phase.value = "review";
        deps.onError(toUiError(error));
      }
    },
  };
  // The designer selects icons while the view asks them to: the swap starts on them.
  effect(() => {
    const icons = deps.selection?.value?.swappableIcons ?? 0;
    if (icons > 0 && nothingSelected.value && phase.peek() === "review") void store.open("selection");
  });
  return store;
}

/** A swap put in place, as the toast after it reads it. */
export interface AppliedSwap {
  count: number;
  /** The set and weight the icons went to. */
  set: string;
  weight: string | null;
  /** Each new layer and the icon it replaced, for Undo. */
  back: { nodeId: string; was: SwapIcon["asset"] }[];
  /** Undo is under way. */
  undoing: boolean;
}

/** What a row becomes: the candidate picked, else the match. */
export function targetOf(row: SwapRow): Asset | undefined {
  if (row.outcome.kind !== "matched") return undefined;
  return row.picked ?? row.outcome.asset;
}

export type SwapStore = ReturnType<typeof createSwapStore>;
