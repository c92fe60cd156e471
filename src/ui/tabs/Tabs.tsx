// The window's tabs: Search, Similar (to the selection), Convert and AI, with the credit meter at the
// row's end. Arrow keys, Home and End move between them as a tablist should; App renders the chosen
// tab's view.

import type { ReadonlySignal, Signal } from "@preact/signals";
import { CreditMeter } from "../credits/CreditMeter";
import type { CreditsStore } from "../credits/credits-types";
import type { Saved } from "../downloads/downloads-store";
import type { View } from "./views";
import "./tabs.css";

export type Tab = Exclude<View, "settings" | "assets" | "swap">;

export const TABS: readonly { id: Tab; label: string }[] = [
  { id: "search", label: "Search" },
  { id: "similar", label: "Similar" },
  { id: "convert", label: "Convert" },
  { id: "ai", label: "AI" },
];

export function Tabs({
  view,
  credits,
  saved,
}: {
  view: Signal<View>;
  credits: CreditsStore;
  saved?: ReadonlySignal<Saved>;
}) {
  const current = view.value;
  function onKeyDown(e: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === current);
    const target =
      e.key === "ArrowRight"
        ? index + 1
        : e.key === "ArrowLeft"
          ? index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? TABS.length - 1
              : undefined;
    if (target === undefined) return;
    e.preventDefault();
    const next = TABS[(target + TABS.length) % TABS.length];
    if (!next) return;
    view.value = next.id;
    (e.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  }
  return (
    <div class="tabs-row">
      <div class="tabs" role="tablist" aria-label="Tools" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            type="button"
            key={tab.id}
            role="tab"
            data-tab={tab.id}
            class="tabs__item"
            aria-selected={tab.id === current}
            tabIndex={tab.id === current ? 0 : -1}
            onClick={() => {
              view.value = tab.id;
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <CreditMeter credits={credits} {...(saved ? { saved } : {})} />
    </div>
  );
}
