// Ranks many descriptors against one query by brute-force cosine similarity. Descriptors are unit
// length and stored in one contiguous Float32Array, so a query over 15k icons is a few million
// multiply-adds: a few milliseconds, with no index to build or keep in step.

/** Up to this many results are picked by insertion; longer lists are sorted whole. */
const SELECT_LIMIT = 64;

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
    for (let row = 0, base = 0; row < this.length; row++, base += d) {
      // Four running sums let the CPU overlap the multiply-adds.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let k = 0;
      for (; k + 3 < d; k += 4) {
        s0 += matrix[base + k]! * query[k]!;
        s1 += matrix[base + k + 1]! * query[k + 1]!;
        s2 += matrix[base + k + 2]! * query[k + 2]!;
        s3 += matrix[base + k + 3]! * query[k + 3]!;
      }
      for (; k < d; k++) s0 += matrix[base + k]! * query[k]!;
      out[row] = s0 + s1 + s2 + s3;
    }
    return out;
  }

  /** Best matches first; `keep` narrows the candidates (filters) before ranking; `limit` caps the list. */
  rank(query: Float32Array, options: { limit?: number; keep?: (id: string) => boolean } = {}): Ranked[] {
    const scores = this.scores(query);
    const limit = Math.min(options.limit ?? this.length, this.length);
    const better = (a: number, b: number) =>
      scores[a]! > scores[b]! || (scores[a] === scores[b] && this.ids[a]! < this.ids[b]!);
    if (limit > SELECT_LIMIT) {
      const rows: number[] = [];
      for (let row = 0; row < this.length; row++)
        if (!options.keep || options.keep(this.ids[row]!)) rows.push(row);
      rows.sort((a, b) => (better(a, b) ? -1 : 1));
      return rows.slice(0, limit).map((row) => ({ id: this.ids[row]!, score: scores[row]! }));
    }
    // Keeps the best `limit` rows in order as it goes: a page of results never sorts the whole catalogue.
    const best: number[] = [];
    for (let row = 0; row < this.length; row++) {
      if (options.keep && !options.keep(this.ids[row]!)) continue;
      if (best.length === limit && !better(row, best[limit - 1]!)) continue;
      let at = best.length === limit ? limit - 1 : best.length;
      if (best.length < limit) best.push(row);
      while (at > 0 && better(row, best[at - 1]!)) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = row;
    }
    return best.map((row) => ({ id: this.ids[row]!, score: scores[row]! }));
  }
}
