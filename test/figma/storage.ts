// figma.clientStorage: asynchronous, values structured-cloned, 5 MB per plugin. Size is counted as
// Figma documents it: "the size of the key to the size of the value converted to JSON", Uint8Array
// values by their byte length. The docs give no unit: UTF-8 bytes and 5,000,000 (the stricter
// reading of "5MB") are guesses.
import type { EmulatedClientStorage } from "./used-api";

export const CLIENT_STORAGE_MAX = 5_000_000;

function sizeOf(key: string, value: unknown): number {
  const keyBytes = Buffer.byteLength(key, "utf8");
  if (value instanceof Uint8Array) return keyBytes + value.byteLength;
  return keyBytes + Buffer.byteLength(JSON.stringify(value) ?? "", "utf8");
}

export class ClientStorage implements EmulatedClientStorage {
  private readonly entries = new Map<string, unknown>();
  /** Set to make every call fail (a disk error, a cleared cache mid-write). */
  failNext: Error | null = null;

  get usedBytes(): number {
    let total = 0;
    for (const [key, value] of this.entries) total += sizeOf(key, value);
    return total;
  }

  private check(): void {
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = null;
      throw error;
    }
  }

  async getAsync(key: string): Promise<unknown> {
    this.check();
    return this.entries.has(key) ? structuredClone(this.entries.get(key)) : undefined;
  }

  async setAsync(key: string, value: unknown): Promise<void> {
    this.check();
    const copy = structuredClone(value);
    const previous = this.entries.has(key) ? sizeOf(key, this.entries.get(key)) : 0;
    if (this.usedBytes - previous + sizeOf(key, copy) > CLIENT_STORAGE_MAX) {
      // The wording is a guess: Figma only documents that the promise rejects when storing fails.
      throw new Error("in setAsync: Storage limit exceeded (5 MB per plugin)");
    }
    this.entries.set(key, copy);
  }

  async deleteAsync(key: string): Promise<void> {
    this.check();
    this.entries.delete(key);
  }

  async keysAsync(): Promise<string[]> {
    this.check();
    return [...this.entries.keys()];
  }
}
