// A map that keeps its most recently used entries up to a bound: the previews' kept SVGs and drawn
// pictures stay within a known size however long the window is open and however many widths are tried.

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly limit: number) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The value, now the most recently used. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    for (const first of this.#entries.keys()) {
      if (this.#entries.size <= this.limit) break;
      this.#entries.delete(first);
    }
  }
}
