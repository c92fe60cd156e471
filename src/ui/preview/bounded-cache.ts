// A map that keeps its most recently used entries up to a bound and tells the owner of each one it
// drops (a blob: URL must be revoked, or its image stays in memory for the life of the window).

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(
    readonly limit: number,
    private readonly onDrop: (value: V, key: K) => void = () => undefined,
  ) {}

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
    const old = this.#entries.get(key);
    this.#entries.delete(key);
    if (old !== undefined && old !== value) this.onDrop(old, key);
    this.#entries.set(key, value);
    for (const [first, dropped] of this.#entries) {
      if (this.#entries.size <= this.limit) break;
      this.#entries.delete(first);
      this.onDrop(dropped, first);
    }
  }

  clear(): void {
    const all = [...this.#entries];
    this.#entries.clear();
    for (const [key, value] of all) this.onDrop(value, key);
  }
}
