// A space-saving top-k sketch (Metwally, Agrawal, El Abbadi 2005): a fixed number of slots, so
// memory never grows with the number of distinct names. A name counted more than total/slots
// times is always in the sketch, and each slot's count over-counts its name by at most `error`.
// The slots form a min-heap on count, found by name through an open-addressing index of their
// names' hashes (`nameHash`, which the DNS server keeps with each cached answer), so a hit costs
// a probe or two, an increment and a sift, with no string hashed and nothing allocated.
import { stringHash } from './hash';

export interface SketchEntry {
  name: string;
  /** Upper bound of the name's true count; the true count is at least count − error. */
  count: number;
  /** How much `count` may over-count (the count of the name this slot took over). */
  error: number;
}

interface Slot extends SketchEntry {
  /** Position in the heap. */
  at: number;
  /** `nameHash(name)`. */
  hash: number;
  /** Position in `bySlotId`, for life. */
  readonly id: number;
}

/** The hash of a name by which a sketch finds its slot (seeded: hash.ts). */
export const nameHash = stringHash;

export class SpaceSaving {
  private readonly heap: Slot[] = [];
  private readonly bySlotId: Slot[] = [];
  /**
   * Linear probing over four positions per slot: each holds a slot's id + 1, or 0. Deletion
   * shifts the entries after it back (no tombstones), so a probe ends at the first empty one.
   */
  private readonly index: Int32Array;
  private readonly mask: number;
  /** Everything counted, including what the merged summaries counted. */
  total = 0;

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error('slots must be a positive integer');
    let size = 4;
    while (size < slots * 4) size *= 2;
    this.index = new Int32Array(size);
    this.mask = size - 1;
  }

  get size(): number {
    return this.heap.length;
  }

  /**
   * The most a name missing from the sketch may have been counted: the smallest count when
   * every slot is taken (it was evicted with at most that), else 0 (it was never counted).
   */
  get floor(): number {
    return this.heap.length < this.slots ? 0 : this.heap[0]!.count;
  }

  /** Counts `name` `n` times; `hash` is `nameHash(name)`, which a caller may keep. */
  add(name: string, n = 1, hash = nameHash(name)): void {
    this.total += n;
    const s = this.find(name, hash);
    if (s) {
      s.count += n;
      this.down(s.at);
      return;
    }
    if (this.heap.length < this.slots) {
      this.up(this.newSlot(name, n, 0, hash).at);
      return;
    }
    // The least counted name gives up its slot; the newcomer inherits its count as its error.
    const min = this.heap[0]!;
    this.unindex(min);
    min.name = name;
    min.hash = hash;
    min.error = min.count;
    min.count += n;
    this.indexed(min);
    this.down(0);
  }

  /** Forgets every name and count (a worker's sketch after it was handed over). */
  clear(): void {
    this.index.fill(0);
    this.bySlotId.length = 0;
    this.heap.length = 0;
    this.total = 0;
  }

  private find(name: string, hash: number): Slot | undefined {
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const id = this.index[i]!;
      if (id === 0) return undefined;
      const s = this.bySlotId[id - 1]!;
      if (s.hash === hash && s.name === name) return s;
    }
  }

  /** A slot at the end of the heap (not yet sifted), indexed. */
  private newSlot(name: string, count: number, error: number, hash: number): Slot {
    const slot: Slot = { name, count, error, at: this.heap.length, hash, id: this.bySlotId.length };
    this.heap.push(slot);
    this.bySlotId.push(slot);
    this.indexed(slot);
    return slot;
  }

  private indexed(s: Slot): void {
    let i = s.hash & this.mask;
    while (this.index[i] !== 0) i = (i + 1) & this.mask;
    this.index[i] = s.id + 1;
  }

  private unindex(s: Slot): void {
    const { index, mask } = this;
    let i = s.hash & mask;
    while (index[i] !== s.id + 1) i = (i + 1) & mask;
    // Backward shift: an entry after the hole moves into it unless its home lies in between.
    for (let j = (i + 1) & mask; index[j] !== 0; j = (j + 1) & mask) {
      const home = this.bySlotId[index[j]! - 1]!.hash & mask;
      const between = i <= j ? i < home && home <= j : i < home || home <= j;
      if (between) continue;
      index[i] = index[j]!;
      i = j;
    }
    index[i] = 0;
  }

  /** The entries, most counted first (ties by name, so the order is stable). */
  entries(): SketchEntry[] {
    return this.heap
      .map(({ name, count, error }) => ({ name, count, error }))
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * Adds another summary of `total` counts whose missing names were counted at most `floor`
   * times (mergeable summaries, Agarwal et al. 2012): a name missing from one side may have been
   * counted up to that side's floor there, so that floor joins both its count and its error.
   * The `slots` largest are kept: the bound total/slots holds for the merged stream.
   */
  merge(other: readonly SketchEntry[], otherTotal: number, otherFloor: number): void {
    const mine = this.floor;
    const merged = new Map<string, SketchEntry>();
    for (const e of this.heap) merged.set(e.name, { name: e.name, count: e.count, error: e.error });
    for (const e of other) {
      const had = merged.get(e.name);
      if (had) {
        had.count += e.count;
        had.error += e.error;
      } else merged.set(e.name, { name: e.name, count: e.count + mine, error: e.error + mine });
    }
    const otherNames = new Set(other.map((e) => e.name));
    for (const e of merged.values())
      if (!otherNames.has(e.name) && this.find(e.name, nameHash(e.name))) {
        e.count += otherFloor;
        e.error += otherFloor;
      }
    const kept = [...merged.values()].sort((a, b) => b.count - a.count).slice(0, this.slots);
    this.index.fill(0);
    this.bySlotId.length = 0;
    this.heap.length = 0;
    for (const e of kept) this.newSlot(e.name, e.count, e.error, nameHash(e.name));
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
    this.total += otherTotal;
  }

  private up(i: number): void {
    const h = this.heap;
    const s = h[i]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]!.count <= s.count) break;
      h[i] = h[p]!;
      h[i]!.at = i;
      i = p;
    }
    h[i] = s;
    s.at = i;
  }

  private down(i: number): void {
    const h = this.heap;
    const n = h.length;
    const s = h[i]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && h[c + 1]!.count < h[c]!.count) c++;
      if (h[c]!.count >= s.count) break;
      h[i] = h[c]!;
      h[i]!.at = i;
      i = c;
    }
    h[i] = s;
    s.at = i;
  }
}
