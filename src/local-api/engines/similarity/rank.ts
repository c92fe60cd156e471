// Ranks many descriptors against one query by brute-force cosine similarity. Descriptors are unit
// length and stored in one contiguous Float32Array, so a query over 15k icons is a few million
// multiply-adds: a few milliseconds, with no index to build or keep in step.

export interface Ranked {
  id: string;
  score: number;
}

export class SimilarityIndex {
  readonly ids: readonly string[];
  readonly length: number;
  private readonly matrix: Float32Array;

  constructor(
    entries: ReadonlyArray<{ id: string; descriptor: Float32Array }>,
    readonly dimensions = entries[0]?.descriptor.length ?? 0,
  ) {
    this.ids = entries.map((e) => e.id);
    this.length = entries.length;
    this.matrix = new Float32Array(entries.length * dimensions);
    entries.forEach((entry, row) => {
      if (entry.descriptor.length !== dimensions)
        throw new RangeError(`Descriptor ${entry.id} has the wrong length.`);
      this.matrix.set(entry.descriptor, row * dimensions);
    });
  }

  /** Every entry's score, in entry order. */
  scores(query: Float32Array): Float32Array {
    const { dimensions: d, matrix } = this;
    if (query.length !== d) throw new RangeError("The query descriptor has the wrong length.");
    const out = new Float32Array(this.length);
    for (let row = 0; row < this.length; row++) {
      let dot = 0;
      const base = row * d;
      for (let k = 0; k < d; k++) dot += matrix[base + k]! * query[k]!;
      out[row] = dot;
    }
    return out;
  }

  /** Best matches first; `keep` narrows the candidates (filters) before ranking; `limit` caps the list. */
  rank(query: Float32Array, options: { limit?: number; keep?: (id: string) => boolean } = {}): Ranked[] {
    const scores = this.scores(query);
    const ranked: Ranked[] = [];
    for (let row = 0; row < this.length; row++) {
      const id = this.ids[row]!;
      if (!options.keep || options.keep(id)) ranked.push({ id, score: scores[row]! });
    }
    ranked.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return options.limit === undefined ? ranked : ranked.slice(0, options.limit);
  }
}
