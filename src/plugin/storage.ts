// Settings, recent assets, recent searches, pending work, kept downloads and the kept home in
// figma.clientStorage. Lists are bounded; when Figma's 5 MB is full, the kept home, kept downloads
// and the recent lists (the expendable data) are dropped and the write is tried once more before the
// ui is told; a kept-downloads write itself drops nothing else, it keeps fewer of its own files, and
// a kept home that does not fit is simply not kept. Figma does not document the wording of its "full" error, so
// a failed write is measured instead: only one that would bring the plugin's storage near the cap
// counts as full; any other failure is reported as what it is, and nothing is trimmed for it.

import { SETTINGS_FIELDS } from "../messages/schemas";
import { DEFAULT_SETTINGS } from "../messages/settings";
import type {
  Empty,
  PendingWork,
  RecentAsset,
  RecentSearch,
  Settings,
  StorageKey,
  StorageSetRequest,
  StorageValues,
} from "../messages/types";
import { fail, STORAGE_FULL, toProtocolError } from "./errors";
import { utf8Length } from "./node-data";

const PREFIX = "assetport.";
type ListKey = Exclude<StorageKey, "settings" | "kept-downloads" | "home-snapshot">;
type Item = RecentAsset & RecentSearch & PendingWork;

/** Each list's bound, what makes two entries the same, and what orders them (newest first). */
const LISTS: Record<ListKey, [number, (item: Item) => string, (item: Item) => number]> = {
  "recent-assets": [30, (a) => a.uuid, (a) => a.usedAt],
  "recent-searches": [20, (s) => `${s.type}:${s.query.trim().toLowerCase()}`, (s) => s.at],
  "pending-work": [50, (w) => w.idempotencyKey, (w) => w.createdAt],
};

function read(key: StorageKey): Promise<unknown> {
  return figma.clientStorage.getAsync(PREFIX + key);
}

// Writes run one after another: two requests must not interleave a read-modify-write.
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/** Figma's cap on a plugin's client storage, "5MB", read as 5,000,000 bytes (the stricter reading). */
const STORAGE_MAX = 5_000_000;
/**
 * A failed write counts as "full" when the plugin's storage with it would pass this: Figma counts
 * each entry as its key plus its value as JSON; this measure may differ from Figma's own a little
 * (its unit is not documented), so "near" leaves 5 % for that.
 */
const FULL_AT = STORAGE_MAX * 0.95;

/** An entry's size as Figma documents it: the key plus the value as JSON (bytes as bytes), in UTF-8. */
function sizeOf(key: string, value: unknown): number {
  const bytes = value instanceof Uint8Array ? value.byteLength : utf8Length(JSON.stringify(value) ?? "");
  return utf8Length(key) + bytes;
}

/** Whether storing `value` at `key` would bring everything stored near the cap (false when unmeasurable). */
async function nearlyFull(key: string, value: unknown): Promise<boolean> {
  try {
    let total = sizeOf(key, value);
    for (const other of await figma.clientStorage.keysAsync()) {
      if (other !== key) total += sizeOf(other, await figma.clientStorage.getAsync(other));
    }
    return total >= FULL_AT;
  } catch {
    return false;
  }
}

async function write(key: StorageKey, value: unknown): Promise<void> {
  const set = (what: unknown = value) => figma.clientStorage.setAsync(PREFIX + key, what);
  try {
    await set();
  } catch (error) {
    if (!(await nearlyFull(PREFIX + key, value))) {
      fail("figma_error", `Figma could not save Assetport's data: ${toProtocolError(error).message}`);
    }
    // The home's snapshot is a convenience: it never makes room by dropping anything.
    if (key === "home-snapshot") fail("storage_full", STORAGE_FULL);
    // Kept downloads are the expendable data themselves: they never make room by dropping the
    // designer's history. The newest half is tried until some fit; the ui ignores the failure.
    if (key === "kept-downloads") return keepNewestThatFit(value as unknown[], set);
    // Make room from what can be lost without harm, then try once more.
    const drop = (list: Exclude<StorageKey, "settings">) =>
      figma.clientStorage.deleteAsync(PREFIX + list).catch(() => undefined);
    // The kept home first (the next window waits for the service instead), then kept downloads,
    // alone: they can be downloaded again, the designer's history cannot.
    await drop("home-snapshot");
    await drop("kept-downloads");
    if (
      await set().then(
        () => true,
        () => false,
      )
    )
      return;
    await drop("recent-searches");
    if (key !== "recent-assets") await drop("recent-assets");
    await set().catch(() => fail("storage_full", STORAGE_FULL));
  }
}

/** Stores the longest newest-first part of `entries` that fits, halving; storage_full when none does. */
async function keepNewestThatFit(entries: unknown[], set: (what: unknown) => Promise<void>): Promise<void> {
  for (let count = Math.floor(entries.length / 2); count > 0; count = Math.floor(count / 2)) {
    if (
      await set(entries.slice(0, count)).then(
        () => true,
        () => false,
      )
    )
      return;
  }
  fail("storage_full", STORAGE_FULL);
}

/** Stored settings over the defaults, field by field: a stale or damaged field falls back alone. */
export async function getSettings(): Promise<Settings> {
  const stored = (await read("settings")) as Record<string, unknown> | undefined;
  const settings = Object.assign({}, DEFAULT_SETTINGS);
  for (const [key, guard] of Object.entries(SETTINGS_FIELDS)) {
    try {
      const value = guard(stored?.[key], key);
      if (value !== undefined) Object.assign(settings, { [key]: value });
    } catch {}
  }
  return settings;
}

async function list<T>(key: Exclude<StorageKey, "settings" | "home-snapshot">): Promise<T[]> {
  const value = await read(key);
  return Array.isArray(value) ? value : [];
}

export async function storageGet<K extends StorageKey>(key: K): Promise<StorageValues[K]> {
  if (key === "home-snapshot") {
    const text = await read(key);
    return (typeof text === "string" ? text : "") as StorageValues[K];
  }
  return (key === "settings" ? await getSettings() : await list(key)) as StorageValues[K];
}

/** Settings are patched; a list is stored newest first, one entry per identity, within its bound. */
async function setNow({ key, value }: StorageSetRequest): Promise<void> {
  if (key === "settings") return write(key, Object.assign(await getSettings(), value));
  // Stored as sent: the message's check holds them to their budget (see kept-downloads.ts).
  if (key === "kept-downloads" || key === "home-snapshot") return write(key, value);
  const [limit, identity, time] = LISTS[key];
  const seen = new Set<string>();
  const items = [...(value as Item[])].sort((a, b) => time(b) - time(a));
  return write(
    key,
    items.filter((item) => !seen.has(identity(item)) && seen.add(identity(item))).slice(0, limit),
  );
}

export function storageSet(request: StorageSetRequest): Promise<Empty> {
  return serial(() => setNow(request)).then(() => ({}));
}

/** Adds or updates one record, or removes it (`work` absent), by idempotency key. */
export function changePendingWork(key: string, work?: PendingWork): Promise<Empty> {
  return serial(async () => {
    const others = (await list<PendingWork>("pending-work")).filter((w) => w.idempotencyKey !== key);
    await setNow({ key: "pending-work", value: work ? [work, ...others] : others });
    return {};
  });
}
