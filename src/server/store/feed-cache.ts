// What a node keeps in memory on PostgreSQL of rows it has read, trusted only while its change
// feed would tell it of their change (issue 16, ADR 0031): the API keys it has found
// (key-cache.ts) and the zones its record writes name (zone-cache.ts). An entry is used:
// - only while the feed listens (`usable`): while its connection is down nothing is used, and
//   everything is forgotten when it connects again (what changed meanwhile was heard by nobody);
// - for MAX_AGE_MS at most, so that a row changed behind the server's back (SQL typed by hand, a
//   restored backup) is not trusted for longer than that.
// A read that a forget or a reset overtook keeps nothing: it may have read the row before the
// change it was told of. What `read` does not find is never kept.

/** The longest an entry is trusted without being read again. */
export const MAX_AGE_MS = 60_000;
/** Entries kept at most; the oldest is forgotten first. */
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  value: V;
  at: number;
}

export class FeedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Moves on with every forget and reset: a read that spans one keeps nothing. */
  private generation = 0;

  /** `usable`: whether every change would reach this node now (its feed listens). */
  constructor(
    private readonly usable: () => boolean,
    /** Milliseconds on a clock that never steps back (the wall clock can). */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The value at `key`: as kept, or as `read` finds it in the database (and then kept). */
  async find(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
    const usable = this.usable();
    if (usable) {
      const entry = this.entries.get(key);
      if (entry && this.now() - entry.at < MAX_AGE_MS) return entry.value;
      if (entry) this.entries.delete(key);
    }
    const generation = this.generation;
    const startedAt = this.now();
    const value = await read();
    if (value !== undefined && usable && this.usable() && generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(key, { value, at: startedAt });
    }
    return value;
  }

  /** What is kept at `key` (used or not). */
  kept(key: string): V | undefined {
    return this.entries.get(key)?.value;
  }

  /** Forgets the entry at `key`. */
  forgetKey(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  /** Forgets every entry whose value `changed` says has changed. */
  forgetWhere(changed: (value: V) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (changed(entry.value)) this.entries.delete(key);
  }

  /** Changes may have been missed (the feed's connection was lost or is new). */
  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
