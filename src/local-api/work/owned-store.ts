// Jobs and AI tasks by id, each visible only to the client that created it (another client's id
// answers 404, exactly like an unknown one). The oldest finished records go first past the cap, which
// also bounds the state file they are saved in.

export interface OwnedRecord {
  owner: string;
  finished: boolean;
}

export class OwnedStore<T extends OwnedRecord> {
  private readonly records = new Map<string, T>();

  constructor(
    private readonly cap = 2000,
    /** Told of each record dropped past the cap (e.g. to delete its stored result). */
    private readonly onEvict: (record: T) => void = () => {},
  ) {}

  add(id: string, record: T): T {
    this.records.set(id, record);
    if (this.records.size > this.cap) {
      for (const [oldId, old] of this.records) {
        if (this.records.size <= this.cap) break;
        if (!old.finished) continue;
        this.records.delete(oldId);
        this.onEvict(old);
      }
    }
    return record;
  }

  /** Drops a record (e.g. its result outlived its keeping); told to onEvict like a record past the cap. */
  delete(id: string): void {
    const record = this.records.get(id);
    if (!record) return;
    this.records.delete(id);
    this.onEvict(record);
  }

  /** The record when `owner` created it; undefined otherwise. */
  get(id: string, owner: string): T | undefined {
    const record = this.records.get(id);
    return record && record.owner === owner ? record : undefined;
  }

  peek(id: string): T | undefined {
    return this.records.get(id);
  }

  /** Every record, oldest first (for the state file). */
  values(): T[] {
    return [...this.records.values()];
  }
}
