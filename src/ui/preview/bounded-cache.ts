// A map that keeps its most recently used entries within a count and a total weight (characters,
// for the previews' kept SVGs and drawn pictures): memory stays bounded however long the window is
// open, however many widths are tried, and however big the files a hostile service sends.

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, V>();
  #weight = 0;

  constructor(
    readonly limit: number,
    private readonly weigh: (value: V) => number = () => 0,
    readonly maxWeight = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get weight(): number {
    return this.#weight;
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
    this.#drop(key);
    this.#entries.set(key, value);
    this.#weight += this.weigh(value);
    // The oldest go first; the newest entry stays, even alone over the weight (it is in use).
    for (const first of this.#entries.keys()) {
      if (first === key || (this.#entries.size <= this.limit && this.#weight <= this.maxWeight)) break;
      this.#drop(first);
    }
  }

  #drop(key: K): void {
    if (!this.#entries.has(key)) return;
    this.#weight -= this.weigh(this.#entries.get(key) as V);
    this.#entries.delete(key);
  }
}
