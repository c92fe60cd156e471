// How the service's limits are shared among the teams behind one proxy. They all call with one
// Client-ID, so the service's per-minute limit (per product family and method class) is theirs
// together; PROXY_UPSTREAM_RATE_LIMIT says how large it is. Each team gets a share of it, in percent:
// PROXY_TEAM_SHARES=design:50,marketing:30 names some; the teams not named split what is left equally.
//
// The default is equal shares, not "at most half each": only shares that add up to no more than the
// whole guarantee every team its part whatever the others do (with half each, two busy teams leave a
// third nothing). The price is that a team alone uses only its share; an operator with one busy team
// and several quiet ones says so with PROXY_TEAM_SHARES.

import { ConfigError } from "./config-error";
import { OPEN_ACCESS_LABEL } from "./middleware/caller-auth";
import type { AccessToken } from "./tokens";

/** Percent of the service's limit, by team label. */
export type TeamShares = Readonly<Record<string, number>>;

/** Every team the proxy knows: one per token, and the open-access callers as one more. */
export function teamLabels(tokens: readonly AccessToken[], openAccess: boolean): string[] {
  const labels = tokens.map((token) => token.label);
  if (!openAccess) return labels;
  // Open access callers are one team: a token of the same label would share its work and budget.
  if (labels.includes(OPEN_ACCESS_LABEL))
    throw new ConfigError(
      `The token label "${OPEN_ACCESS_LABEL}" names the callers without a token under open access; give that token another label.`,
    );
  return [...labels, OPEN_ACCESS_LABEL];
}

/** "design:50, marketing:30" -> { design: 50, marketing: 30 }, checked against the known teams. */
export function parseTeamShares(raw: string | undefined, labels: readonly string[]): TeamShares {
  const shares: Record<string, number> = {};
  if (raw === undefined) return shares;
  for (const entry of raw.split(",").map((part) => part.trim())) {
    if (entry === "") continue;
    const match = /^([A-Za-z0-9._-]{1,64})\s*:\s*(\d{1,3})$/.exec(entry);
    const percent = Number(match?.[2]);
    if (!match?.[1] || percent < 1 || percent > 100)
      throw new ConfigError(`PROXY_TEAM_SHARES entries are label:percent (1 to 100); got "${entry}".`);
    const label = match[1];
    if (!labels.includes(label))
      throw new ConfigError(`PROXY_TEAM_SHARES names "${label}", which is no team's token label.`);
    if (label in shares) throw new ConfigError(`PROXY_TEAM_SHARES names "${label}" twice.`);
    shares[label] = percent;
  }
  const named = Object.values(shares).reduce((sum, percent) => sum + percent, 0);
  if (named > 100) throw new ConfigError(`PROXY_TEAM_SHARES adds up to ${named}%, more than the whole.`);
  const others = labels.filter((label) => !(label in shares));
  if (others.length > 0 && named >= 100)
    throw new ConfigError(
      `PROXY_TEAM_SHARES gives everything away and leaves nothing for ${others.join(", ")}.`,
    );
  return shares;
}

/**
 * Requests a minute for each team, per family and method class: its share of `upstreamPerMinute`
 * (at least 1). 0 for every team when the limit is 0 (no team budgets).
 */
export function teamBudgets(
  labels: readonly string[],
  upstreamPerMinute: number,
  shares: TeamShares = {},
): (label: string) => number {
  if (upstreamPerMinute <= 0) return () => 0;
  const named = Object.values(shares).reduce((sum, percent) => sum + percent, 0);
  const others = labels.filter((label) => !(label in shares));
  const otherPercent = others.length > 0 ? (100 - named) / others.length : 0;
  const budget = (percent: number) => Math.max(1, Math.floor((upstreamPerMinute * percent) / 100));
  const table = new Map(labels.map((label) => [label, budget(shares[label] ?? otherPercent)]));
  // A label not configured (none should reach here) gets the smallest share there is.
  const smallest = Math.min(budget(otherPercent || 100 / Math.max(1, labels.length)), ...table.values());
  return (label) => table.get(label) ?? smallest;
}
