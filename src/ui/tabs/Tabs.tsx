// The window's tabs: Search, Similar (to the selection), Convert and AI. Arrow keys move between
// them as a tablist should; the chosen tab's view is rendered by App.

import type { AppState, View } from "../app-state";
import { CreditMeter } from "../credits/CreditMeter";

export type Tab = Exclude<View, "settings">;

export const TABS: readonly { id: Tab; label: string }[] = [
  { id: "search", label: "Search" },
  { id: "similar", label: "Similar" },
  { id: "convert", label: "Convert" },
  { id: "ai", label: "AI" },
];

export function Tabs({ app }: { app: AppState }) {
  const current = app.view.value;
  function onKeyDown(e: KeyboardEvent) {
    const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const index = TABS.findIndex((t) => t.id === current);
    const next = TABS[(index + step + TABS.length) % TABS.length];
    if (!next) return;
    app.view.value = next.id;
    (e.currentTarget as HTMLElement).querySelector<HTMLElement>(`[data-tab="${next.id}"]`)?.focus();
  }
  return (
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
            app.view.value = tab.id;
          }}
        >
          {tab.label}
        </button>
      ))}
      <CreditMeter credits={app.credits} saved={app.insert.downloads.saved} />
    </div>
  );
}
