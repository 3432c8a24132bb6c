// A space-saving top-k sketch (Metwally, Agrawal, El Abbadi 2005): a fixed number of slots, so
// memory never grows with the number of distinct names. A name counted more than total/slots
// times is always in the sketch, and each slot's count over-counts its name by at most `error`.
// The slots form a min-heap on count, so a hit costs a Map lookup, an increment and a sift.

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
}

export class SpaceSaving {
  private readonly bySlot = new Map<string, Slot>();
  private readonly heap: Slot[] = [];
  /** Everything counted, including what the merged summaries counted. */
  total = 0;

  constructor(readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error('slots must be a positive integer');
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

  add(name: string, n = 1): void {
    this.total += n;
    const s = this.bySlot.get(name);
    if (s) {
      s.count += n;
      this.down(s.at);
      return;
    }
    if (this.heap.length < this.slots) {
      const slot: Slot = { name, count: n, error: 0, at: this.heap.length };
      this.heap.push(slot);
      this.bySlot.set(name, slot);
      this.up(slot.at);
      return;
    }
    // The least counted name gives up its slot; the newcomer inherits its count as its error.
    const min = this.heap[0]!;
    this.bySlot.delete(min.name);
    min.name = name;
    min.error = min.count;
    min.count += n;
    this.bySlot.set(name, min);
    this.down(0);
  }

  /** Forgets every name and count (a worker's sketch after it was handed over). */
  clear(): void {
    this.bySlot.clear();
    this.heap.length = 0;
    this.total = 0;
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
      if (!otherNames.has(e.name) && this.bySlot.has(e.name)) {
        e.count += otherFloor;
        e.error += otherFloor;
      }
    const kept = [...merged.values()].sort((a, b) => b.count - a.count).slice(0, this.slots);
    this.heap.length = 0;
    this.bySlot.clear();
    for (const e of kept) {
      const slot: Slot = { ...e, at: this.heap.length };
      this.heap.push(slot);
      this.bySlot.set(e.name, slot);
    }
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
