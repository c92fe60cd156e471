// The small meter in the tabs row: what is left of the period's credits (the unit kept at any width),
// the credits saved by reusing downloads once there are some, the period's end on hover.

import type { ReadonlySignal } from "@preact/signals";
import { countText } from "../count-text";
import type { Saved } from "../downloads/downloads-store";
import type { CreditsStore } from "./credits-types";
import "./credits.css";

export function creditsLeftText(store: CreditsStore): string | null {
  const balance = store.balance.value;
  if (!balance) return null;
  if (balance.remaining !== undefined) return `${countText(balance.remaining)} credits left`;
  return `${countText(balance.used)} credits used`;
}

/** What reusing downloads saved this session, or nothing before the first reuse. */
export function savedText(saved: Saved | undefined): string {
  if (!saved?.downloads) return "";
  const times = saved.downloads === 1 ? "1 download" : `${countText(saved.downloads)} downloads`;
  const credits = saved.credits === 1 ? "1 credit" : `${countText(saved.credits)} credits`;
  return `Reused ${times} already made this session: ${credits} saved.`;
}

export function CreditMeter({ credits, saved }: { credits: CreditsStore; saved?: ReadonlySignal<Saved> }) {
  const text = creditsLeftText(credits);
  const balance = credits.balance.value;
  if (!text || !balance) return null;
  // "1,000 credits" fits a narrow window; the word after it can hide there (credits.css).
  const [figure = text, unit = ""] = text.split(" ");
  const kept = saved?.value.credits ?? 0;
  const period = balance.periodEnd ? `The period ends on ${balance.periodEnd}.` : "";
  // Under a tenth of the allowance left: the dot turns to the warning colour.
  const low =
    balance.remaining !== undefined &&
    (balance.remaining <= 0 ||
      (balance.allowance !== undefined && balance.remaining < balance.allowance / 10));
  const of = balance.allowance !== undefined ? ` of ${countText(balance.allowance)}` : "";
  return (
    <span
      class={low ? "credit-meter credit-meter--low" : "credit-meter"}
      data-testid="credit-meter"
      title={`${countText(balance.used)}${of} credits used this period. ${period} ${savedText(saved?.value)}`
        .replace(/\s+/g, " ")
        .trim()}
    >
      <span class="credit-meter__text">
        {figure}
        <span class="credit-meter__word"> {unit}</span>
        <span class="credit-meter__unit">{text.slice(figure.length + 1 + unit.length)}</span>
      </span>
      {kept > 0 ? (
        <span class="credit-meter__saved" data-testid="credits-saved">
          {` ${countText(kept)} saved`}
        </span>
      ) : null}
    </span>
  );
}
