// Settings, recent assets, recent searches and pending work in figma.clientStorage. Lists are bounded;
// when Figma's 5 MB is full, the recent lists (the only expendable data) are trimmed and the write is
// tried once more before the ui is told.

import { SETTINGS_FIELDS } from "../messages/schemas";
import { DEFAULT_SETTINGS } from "../messages/settings";
import type {
  PendingWork,
  RecentAsset,
  RecentSearch,
  Settings,
  StorageKey,
  StorageSetRequest,
  StorageValues,
} from "../messages/types";
import { PluginError } from "./errors";

const MAX_ASSETS = 30;
const MAX_SEARCHES = 20;
const MAX_PENDING = 50;
const PREFIX = "assetport.";

async function read<K extends StorageKey>(key: K): Promise<unknown> {
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
  try {
    await figma.clientStorage.setAsync(PREFIX + key, value);
  } catch {
    // Make room from what can be lost without harm, then try once more.
    await figma.clientStorage.deleteAsync(`${PREFIX}recent-searches`);
    if (key !== "recent-assets") await figma.clientStorage.deleteAsync(`${PREFIX}recent-assets`);
    try {
      await figma.clientStorage.setAsync(PREFIX + key, value);
    } catch {
      throw new PluginError(
        "storage_full",
        "Assetport's local storage is full (Figma allows 5 MB); nothing was saved.",
      );
    }
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

async function list<T>(key: "recent-assets" | "recent-searches" | "pending-work"): Promise<T[]> {
  const value = await read(key);
  return Array.isArray(value) ? (value as T[]) : [];
}

export async function storageGet<K extends StorageKey>(key: K): Promise<StorageValues[K]> {
  return (
    key === "settings" ? await getSettings() : await list(key as Exclude<StorageKey, "settings">)
  ) as StorageValues[K];
}

/** Newest first, one entry per identity, at most `limit`. */
function bounded<T>(
  items: T[],
  identity: (item: T) => string,
  time: (item: T) => number,
  limit: number,
): T[] {
  const seen = new Set<string>();
  return [...items]
    .sort((a, b) => time(b) - time(a))
    .filter((item) => {
      const id = identity(item);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, limit);
}

export function storageSet(request: StorageSetRequest): Promise<void> {
  return serial(() => setNow(request));
}

async function setNow(request: StorageSetRequest): Promise<void> {
  switch (request.key) {
    case "settings":
      return write("settings", Object.assign(await getSettings(), request.value));
    case "recent-assets":
      return write(
        "recent-assets",
        bounded<RecentAsset>(
          request.value,
          (a) => a.uuid,
          (a) => a.usedAt,
          MAX_ASSETS,
        ),
      );
    case "recent-searches":
      return write(
        "recent-searches",
        bounded<RecentSearch>(
          request.value,
          (s) => `${s.type ?? ""}:${s.query.trim().toLowerCase()}`,
          (s) => s.at,
          MAX_SEARCHES,
        ),
      );
    case "pending-work":
      return savePending(request.value);
  }
}

function savePending(work: PendingWork[]): Promise<void> {
  return write(
    "pending-work",
    bounded(
      work,
      (w) => w.idempotencyKey,
      (w) => w.createdAt,
      MAX_PENDING,
    ),
  );
}

export function putPendingWork(work: PendingWork): Promise<void> {
  return serial(async () => {
    const all = await list<PendingWork>("pending-work");
    await savePending([work, ...all.filter((w) => w.idempotencyKey !== work.idempotencyKey)]);
  });
}

export function removePendingWork(idempotencyKey: string): Promise<void> {
  return serial(async () => {
    const all = await list<PendingWork>("pending-work");
    await savePending(all.filter((w) => w.idempotencyKey !== idempotencyKey));
  });
}
