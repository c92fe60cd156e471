// Downloaded files kept for reuse, least recently used first out, within a byte budget. The same
// asset in the same format and size gives the same bytes (the plugin sizes and recolours vectors
// itself, so colour is not part of the key): a second insert of it needs no second download, and
// no second charge.

/** What makes two downloads the same file: who paid, the asset, the format and the size asked for. */
export interface DownloadKey {
  /** The server asked (its origin): another server's uuids name other assets. */
  server: string;
  /** The account that paid (see account-id: a digest, never the token): a file is its own. */
  account: string;
  uuid: string;
  format: string;
  width: number;
  height: number;
}

export interface CachedFile {
  bytes: Uint8Array;
  contentType: string;
}

export function keyOf(key: DownloadKey): string {
  return `${key.server}|${key.account}|${key.uuid}|${key.format}|${key.width}x${key.height}`;
}

/** An entry's weight against the budget: its bytes, its key and its content type. */
export function weightOf(key: string, file: CachedFile): number {
  return file.bytes.byteLength + key.length + file.contentType.length;
}

export interface DownloadCache {
  get(key: string): CachedFile | undefined;
  has(key: string): boolean;
  /** Stores `file`, evicting the least recently used entries until the budget holds; false when it alone is too big. */
  put(key: string, file: CachedFile): boolean;
  /** Entries from most to least recently used (what a persisted copy keeps first). */
  entries(): [string, CachedFile][];
  /** Total weight of what is kept, never above the budget. */
  weight(): number;
}

export function createDownloadCache(budgetBytes: number): DownloadCache {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const files = new Map<string, CachedFile>();
  let total = 0;

  function drop(key: string) {
    const file = files.get(key);
    if (!file) return;
    files.delete(key);
    total -= weightOf(key, file);
  }

  return {
    get(key) {
      const file = files.get(key);
      if (!file) return undefined;
      files.delete(key);
      files.set(key, file);
      return file;
    },
    has: (key) => files.has(key),
    put(key, file) {
      drop(key);
      const weight = weightOf(key, file);
      if (weight > budgetBytes) return false;
      for (const oldest of files.keys()) {
        if (total + weight <= budgetBytes) break;
        drop(oldest);
      }
      files.set(key, file);
      total += weight;
      return true;
    },
    entries: () => [...files.entries()].reverse(),
    weight: () => total,
  };
}
