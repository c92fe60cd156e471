// Every error reason as a designer reads it: a title, a sentence or two, the thing that fixes it, and
// whether trying again can help. The table is the only place these words live; views and stores look
// reasons up here. Designers read these: no "proxy", commands, settings' variable names or status
// codes; words meant for whoever set Assetport up name "the Assetport server" and "your team's
// access token". Bodies are templates: {message} is the service's own words, {proxy} the server's address,
// {until} "until the billing period ends (on <date>)", {type} the asset type, {wait} the countdown,
// {elsewhere} where else to turn when the server fails (Settings only when it offers another server).

import type { ErrorReason } from "../../api/contract/tables";
import { PLUGIN } from "./plugin-reasons";
import { retryHelps } from "./retry-helps";

/**
 * What the notice's button does. `wait-retry` counts down Retry-After, then retries by itself;
 * `search-name` searches for the asset by its name (the callback the notice was shown with).
 */
export type ReasonAction = "retry" | "wait-retry" | "settings" | "clear-filters" | "search-name" | "dismiss";

export interface ReasonContext {
  /** The service's own message (data.message). */
  message: string;
  proxyUrl: string;
  /** YYYY-MM-DD, from /v3/credits when known. */
  periodEnd?: string;
  assetType?: string;
  retryAfterSeconds?: number;
  /** How many servers the build offers (Settings > Server); 1 when not told. */
  servers?: number;
}

export interface ReasonCopy {
  title: string;
  body: (ctx: ReasonContext) => string;
  action: ReasonAction;
  /** The button's words; none for `dismiss`, which only closes the notice. */
  actionLabel?: string;
  /** Whether trying the same thing again can succeed (false: the plan, the credits or the input must change first). */
  retryHelps: boolean;
}

/**
 * `choose-server` is for a server that fails: Settings when the build offers several servers (there
 * is another to pick), else Try again, since a one-server build has nothing in Settings to change.
 */
type EntryAction = ReasonAction | "choose-server";
type Entry = readonly [title: string, body: string, action?: EntryAction];

const LABELS: Readonly<Record<ReasonAction, string | undefined>> = {
  retry: "Try again",
  "wait-retry": "Retry now",
  settings: "Open settings",
  "clear-filters": "Clear filters",
  "search-name": "Search by name",
  dismiss: undefined,
};

const PLAN = "Your team's plan";
const UPGRADE = "Ask whoever manages the plan to upgrade it.";
const FRESH_LINK = "Insert the asset again for a fresh link.";
// Only the servers the build names can be reached (Figma blocks the rest): there is no address to fix
// by hand, only a server to choose in Settings when the build names several, or whoever set it up.
const CHECK_PROXY = "{Elsewhere}.";
// The notice names no address: a raw URL means nothing to a designer, and whoever set Assetport up
// finds the server in Settings' Connection section.
const ASK = "ask whoever set up Assetport";

/**
 * Reasons of our own besides the contract's: no connection at all, a reverse search image the
 * service no longer remembers by its hash (Find similar sends it again), a picked file not kept
 * across a restart, and a result listed without the uuid it would be downloaded by.
 */
type UiOnlyReason =
  | "offline"
  | "image_forgotten"
  | "file_not_kept"
  | "asset_without_id"
  | "drop_position_unknown";

const SERVICE: Readonly<Record<ErrorReason | UiOnlyReason, Entry>> = {
  invalid_request: [
    "The service did not accept this search",
    "Some of the filters do not go together. Change or clear them and try again.",
    "clear-filters",
  ],
  invalid_input_file: [
    "This file cannot be converted",
    "The file is not in the format this conversion takes. Pick a matching layer or file.",
  ],
  invalid_idempotency_key: [
    "The request was refused",
    "Part of it was malformed. Trying again sends it afresh.",
    "retry",
  ],
  async_operation: [
    "This conversion runs in the background",
    "{message} Try again as a background job.",
    "retry",
  ],
  sync_operation: [
    "This conversion runs at once",
    "{message} Try again; the file comes straight back.",
    "retry",
  ],
  asset_not_covered: [
    "The plan does not cover this asset type",
    "Your team's plan does not include {type} assets, so this one cannot be downloaded. " +
      `Pick another asset type. ${UPGRADE}`,
  ],
  invalid_credentials: [
    "The access token was refused",
    "The Assetport server did not accept the access token in Settings. " +
      "Open settings and paste your team's access token.",
    "settings",
  ],
  credit_limit_reached: [
    "The spend ceiling is reached",
    "This download would pass your team's spending limit, so downloads stop {until}.",
  ],
  entitlement_required: [
    "The plan lacks this feature",
    `${PLAN} does not include it, or it is switched off for Assetport. ${UPGRADE}`,
  ],
  client_without_owner: [
    "AI needs an account behind Assetport",
    "AI work runs on an account, and the Assetport server is not connected through one. Ask whoever set up Assetport.",
  ],
  unknown_operation: [
    "The service does not know this operation",
    "The Assetport server may be older than this plugin. Ask whoever set up Assetport to update it.",
  ],
  item_not_found: [
    "This asset is no longer available",
    "It was removed from the catalogue. Search again for another one.",
  ],
  format_not_available: [
    "This format is not offered for the asset",
    "{message} Pick another format in the asset's details.",
  ],
  idempotency_in_progress: [
    "This work is still running",
    "The same request is already in progress. Its result arrives when it finishes.",
  ],
  idempotency_already_completed: [
    "This work already finished",
    "Its result was delivered when it finished and is not kept. Running it again is a new charge.",
  ],
  idempotency_already_failed: [
    "This work failed earlier",
    "It was not charged. Try again to start afresh.",
    "retry",
  ],
  subscription_required: [
    "No active subscription",
    `${PLAN} has no active subscription to the asset service, which this needs. ${UPGRADE}`,
  ],
  rate_limit_exceeded: [
    "Too many requests",
    "The service allows only so many requests a minute. Trying again {wait}.",
    "wait-retry",
  ],
  quota_exhausted: [
    "Credits are spent for this period",
    "Your team's credits are used up {until}. Waiting will not bring them back sooner.",
  ],
  conversion_failed: [
    "The conversion could not finish",
    "Nothing was charged. Try again, or another file.",
    "retry",
  ],
  conversion_timeout: ["The conversion timed out", "Nothing was charged. Try again in a moment.", "retry"],
  upstream_timeout: [
    "The service took too long to answer",
    "It may be busy. Try again in a moment.",
    "retry",
  ],
  invalid_signature: ["The download link was refused", `It did not match the asset. ${FRESH_LINK}`],
  link_expired: ["The download link expired", `Download links last a short while. ${FRESH_LINK}`],
  provider_failed: [
    "The AI service could not do this",
    "Nothing was charged. Try again, or with another prompt or image.",
    "retry",
  ],
  interrupted: [
    "The work was cut short",
    "The service restarted while it ran. Nothing was charged; run it again.",
    "retry",
  ],
  file_not_kept: [
    "The picked file was not kept",
    "Assetport was closed before the service answered, and picked files are not stored. Pick the file again and run it.",
  ],
  poll_timeout: [
    "The work is taking unusually long",
    "Assetport stopped waiting for it. It may still finish; check again later.",
  ],
  network_error: ["The server cannot be reached", "Check the network, or {elsewhere}.", "choose-server"],
  offline: [
    "You are offline",
    "This computer has no network connection. Try again once it is back.",
    "retry",
  ],
  image_forgotten: [
    "The service no longer has the picture",
    "It keeps the pictures it was sent for a while only. Try again to send the selection's picture once more.",
    "retry",
  ],
  asset_without_id: [
    "This result cannot be placed from here",
    "The service listed “{message}” without the id it downloads assets by. Search for it by name to place it.",
    "search-name",
  ],
  drop_position_unknown: [
    "Drop position unknown",
    "The browser did not say where the asset was released, so nothing was placed. Click it to insert it.",
  ],
  aborted: ["Cancelled", "The request was cancelled."],
  invalid_response: [
    "The server answered something unexpected",
    `It did not answer as the Assetport server does. ${CHECK_PROXY}`,
    "choose-server",
  ],
  not_found: [
    "The server does not know this request",
    `It may be another server, or an older Assetport server. ${CHECK_PROXY}`,
    "choose-server",
  ],
  internal_error: [
    "Something went wrong",
    "The server hit a problem. Try again; if it keeps happening, ask whoever set up Assetport.",
    "retry",
  ],
};

function fill(template: string, ctx: ReasonContext): string {
  const until = ctx.periodEnd
    ? `until the billing period ends on ${ctx.periodEnd}`
    : "until the billing period ends";
  const wait = ctx.retryAfterSeconds ? `in ${ctx.retryAfterSeconds} s` : "now";
  const elsewhere = (ctx.servers ?? 1) > 1 ? "choose another server in Settings" : ASK;
  const values: Record<string, string> = {
    message: ctx.message,
    proxy: ctx.proxyUrl,
    until,
    type: ctx.assetType ?? "this type of",
    wait,
    elsewhere,
    Elsewhere: elsewhere.charAt(0).toUpperCase() + elsewhere.slice(1),
  };
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "").trim();
}

function toCopy(reason: string, [title, body, wanted = "dismiss"]: Entry, servers: number): ReasonCopy {
  const action: ReasonAction = wanted === "choose-server" ? (servers > 1 ? "settings" : "retry") : wanted;
  const label = LABELS[action];
  return {
    title,
    body: (ctx) => fill(body, ctx),
    action,
    ...(label ? { actionLabel: label } : {}),
    retryHelps: retryHelps(reason),
  };
}

export const SERVICE_REASONS = Object.keys(SERVICE) as (ErrorReason | UiOnlyReason)[];
export const PLUGIN_REASONS = Object.keys(PLUGIN) as (keyof typeof PLUGIN)[];

/**
 * The copy for a reason (service's, ours, or the plugin's); unknown ones get the generic words.
 * `servers` is how many the build offers, which decides whether Settings can help a failing server.
 */
export function copyFor(reason: string, { servers = 1 }: { servers?: number } = {}): ReasonCopy {
  const known = (SERVICE as Record<string, Entry>)[reason] ?? (PLUGIN as Record<string, Entry>)[reason];
  return known ? toCopy(reason, known, servers) : toCopy("internal_error", SERVICE.internal_error, servers);
}
