// What the selection on the canvas offers, in one bar pinned to the window's foot (Figma's footers:
// full width, a hairline above): the Insert | Replace switch and what a click does ("Click replaces
// 3 layers"), the hint that the insert options also change the selected Assetport icons, and the
// way into a set swap. Above the grid these took up to three rows of their own.
//
// One line at every width from 280 px: where the words do not fit, they shorten by dropping words,
// one pattern throughout (the swap's sentence goes, then "Click", then the hint, then "Inserts at
// 24 px" becomes "Inserts 24 px"; last, beside the swap's button at 280 px, the click's words, the
// switch still naming the mode). Never cut mid-word nor shortened to a bare figure; the whole
// sentences stay in the tooltips and for screen readers. Nothing shows while the selection offers
// nothing.

import type { ReadonlySignal } from "@preact/signals";
import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";
import type { AssetType } from "../../api/contract/tables";
import type { SelectionInfo } from "../../messages/types";
import { SegmentedButtons } from "../controls";
import { iconCount } from "../swap/swap-words";
import type { InsertOptionsStore } from "./insert-options-store";
import { icons } from "./selection-targets";
import "./selection-bar.css";

const MODES = [
  ["insert", "Insert"],
  ["replace", "Replace"],
] as const;

/** How far the words are shortened: 0 all whole, up to LAST_TIER (see selection-bar.css). */
const LAST_TIER = 5;

/**
 * A phrase in its whole form (read by screen readers and tests at every width, shown while it fits)
 * and its shorter ones, shown instead as the bar's tier rises.
 */
function Words(props: { full: string; short: string; tiny?: string; testId?: string }) {
  return (
    <>
      <span class="words__full" data-testid={props.testId}>
        {props.full}
      </span>
      <span class="words__short" aria-hidden="true">
        {props.short}
      </span>
      <span class="words__tiny" aria-hidden="true">
        {props.tiny ?? props.short}
      </span>
    </>
  );
}

/**
 * What a click on a result does, for the mode chosen: whole, short and shortest. One pattern at
 * every width (a verb, then what it acts on), shortened by dropping words, never to a bare figure.
 */
export function clickWords(p: {
  mode: "insert" | "replace";
  count: number;
  type: AssetType;
  size: number;
  asComponent: boolean;
}): { full: string; short: string; tiny: string } {
  if (p.mode === "replace") {
    const what = `${p.count} ${p.count === 1 ? "layer" : "layers"}`;
    return { full: `Click replaces ${what}`, short: `Replaces ${what}`, tiny: `Replaces ${what}` };
  }
  // An icon goes in at the bar's size, which may not be the selected icons' size the field shows.
  // With Component on, what lands is an instance of the icon's component: the sentence says so.
  if (p.type !== "icon")
    return { full: "Click inserts a new layer", short: "Inserts a new layer", tiny: "Inserts a layer" };
  if (p.asComponent)
    return {
      full: `Click inserts a ${p.size} px component`,
      short: `Inserts a ${p.size} px component`,
      tiny: "Inserts a component",
    };
  return {
    full: `Click inserts at ${p.size} px`,
    short: `Inserts at ${p.size} px`,
    tiny: `Inserts ${p.size} px`,
  };
}

/** The hint that the fields above also change the selected Assetport icons: whole and short. */
export function appliesWords(count: number): { full: string; short: string } {
  return {
    full: `Size, colour and stroke apply to ${icons(count)}`,
    short: `Applies to ${iconCount(count)}`,
  };
}

/** The bar's words shortened step by step until the line fits. */
function fitTier(el: HTMLElement) {
  let tier = 0;
  el.dataset.tier = "0";
  while (tier < LAST_TIER && el.scrollWidth > el.clientWidth) {
    tier += 1;
    el.dataset.tier = String(tier);
  }
}

/**
 * Fits the bar when its words change and when the window resizes it; not on every render of the
 * window (a keystroke in the search re-renders it), each fit reading the line's width up to five
 * times.
 */
function useFitTier(bar: { current: HTMLElement | null }, words: string) {
  useLayoutEffect(() => {
    if (bar.current) fitTier(bar.current);
  }, [words]);
  useLayoutEffect(() => {
    const el = bar.current;
    if (!el) return;
    const watch = new ResizeObserver(() => fitTier(el));
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
}

/** `words`: everything the bar says, whole, so a change of any of it fits the line again. */
function Bar(props: { words: string; children: ComponentChildren }) {
  const bar = useRef<HTMLDivElement>(null);
  useFitTier(bar, props.words);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a bar inside the plugin's window, not the page's footer
    <div class="selection-bar" role="group" aria-label="Selection" data-testid="selection-bar" ref={bar}>
      {props.children}
    </div>
  );
}

export function SelectionBar(props: {
  options: Pick<InsertOptionsStore, "replaceable" | "mode" | "setMode" | "selectedIcons">;
  selection: ReadonlySignal<SelectionInfo | null>;
  type: AssetType;
  size: number;
  asComponent: boolean;
  /** Opens the set swap for the selection. */
  openSwap(): void;
}) {
  const { options } = props;
  const replaceable = options.replaceable.value;
  const edited = props.type === "icon" ? options.selectedIcons.value : 0;
  const swappable = props.selection.value?.swappableIcons ?? 0;
  if (!replaceable && !edited && !swappable) return null;
  const mode = options.mode.value;
  const does = clickWords({
    mode,
    count: replaceable,
    type: props.type,
    size: props.size,
    asComponent: props.asComponent,
  });
  const hint = appliesWords(edited);
  const swap = `${iconCount(swappable)} can change set`;
  const words = [replaceable ? does.full : "", edited ? hint.full : "", swappable ? swap : ""].join("|");
  return (
    <Bar words={words}>
      {replaceable ? (
        <>
          <SegmentedButtons
            compact
            label="A click on a result"
            options={MODES}
            value={mode}
            onChange={(value) => options.setMode(value)}
          />
          <p class="selection-bar__does" aria-live="polite" title={does.full}>
            <Words full={does.full} short={does.short} tiny={does.tiny} testId="click-does" />
          </p>
        </>
      ) : null}
      {edited ? (
        // The fields above change the selected icons at once, whatever a click does.
        <p class="selection-bar__hint" title={hint.full}>
          <Words full={hint.full} short={hint.short} testId="applies-to" />
        </p>
      ) : null}
      {swappable ? (
        <div class="selection-bar__swap" data-testid="swap-offer">
          <p class="selection-bar__swap-text">{swap}</p>
          <button
            type="button"
            class="button button--secondary selection-bar__button"
            title={swap}
            onClick={props.openSwap}
          >
            Swap set
          </button>
        </div>
      ) : null}
    </Bar>
  );
}
