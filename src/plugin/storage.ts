// Settings, recent assets, recent searches and pending work in figma.clientStorage. Lists are bounded;
// when Figma's 5 MB is full, the recent lists (the only expendable data) are trimmed and the write is
// tried once more before the ui is told.

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
import { fail, STORAGE_FULL } from "./errors";

const PREFIX = "assetport.";
type ListKey = Exclude<StorageKey, "settings">;
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

async function write(key: StorageKey, value: unknown): Promise<void> {
  const set = () => figma.clientStorage.setAsync(PREFIX + key, value);
  try {
    await set();
  } catch {
    // Make room from what can be lost without harm, then try once more. Figma does not document its
    // error's wording, so a write that still fails is called full here, whatever it said.
    const drop = (list: ListKey) => figma.clientStorage.deleteAsync(PREFIX + list).catch(() => undefined);
    await drop("recent-searches");
    if (key !== "recent-assets") await drop("recent-assets");
    await set().catch(() => fail("storage_full", STORAGE_FULL));
  }
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

async function list<T>(key: ListKey): Promise<T[]> {
  const value = await read(key);
  return Array.isArray(value) ? value : [];
}

export async function storageGet<K extends StorageKey>(key: K): Promise<StorageValues[K]> {
  return (key === "settings" ? await getSettings() : await list(key as ListKey)) as StorageValues[K];
}

/** Settings are patched; a list is stored newest first, one entry per identity, within its bound. */
async function setNow({ key, value }: StorageSetRequest): Promise<void> {
  if (key === "settings") return write(key, Object.assign(await getSettings(), value));
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
