// The DNS server's answers by question (server.ts), bounded by a count of entries.
//
// Keyed by the question's bytes as the datagram holds them (query.ts: `questionHash`,
// `sameQuestion`), so that a repeated question is found without making a string or an object:
// a hash table of our own over typed arrays, chained, whose chains are never longer than
// MAX_CHAIN (a bucket that full takes no more answers: those questions are answered without
// the cache, so chosen collisions cost a bounded walk, never a long one).
//
// The cache of answers for names that exist is bounded by the zones' contents, and is emptied
// when full. The one of answers any made-up name gets (NXDOMAIN, wildcards, referrals) is what
// a flood of random names fills, each name asked once and never again; emptied when full, it
// would lose with them the answers real clients keep asking (a mistyped name, a stale client),
// all built again on their next query. So that one has two generations: new answers go to the
// young one; when it holds half the bound, the old one is dropped and the young one becomes
// old, and an answer asked again while old moves back to the young one. What is asked at least
// once per half the bound's worth of new questions stays, whatever the flood. A lookup costs
// one probe for a young answer (the common case), two for an old one.
import { sameQuestion } from './query';

/** Entries a bucket holds at most. */
export const MAX_CHAIN = 16;

/** The hash of a question in one variant of answers (size and EDNS form). */
function slotHash(hash: number, variant: number): number {
  const h = Math.imul(hash ^ variant, 0x9e3779b1);
  return h ^ (h >>> 15);
}

/**
 * A slot's record, in octets: its links and hashes (four 32-bit words: the next slot in its
 * bucket or in the free list, the hash, the variant, the key's length), then the key itself when
 * it fits (the question of a name up to 44 octets long in wire form: most names). A probe then
 * reads the bucket's head and one record per slot it visits, one or two cache lines (the buffer
 * is not aligned to them) with the links and hash on one (ADR 0024 addendum): a table of
 * separate arrays and a key object per slot cost the DNS hot path a cache miss for each.
 */
const RECORD = 64;
const WORDS = RECORD / 4;
const HEAD = 16;
/** Keys longer than this are kept in an array of their own. */
const INLINE = RECORD - HEAD;

/** One generation: a chained hash table of up to `max` answers, grown as it fills. */
class Table<E> {
  size = 0;
  private heads = new Int32Array(0);
  private mask = 0;
  /** The slots' records (RECORD octets each), as words and as octets. */
  private words = new Int32Array(0);
  private octets = new Uint8Array(0);
  /** Keys longer than INLINE, by slot. */
  private long: (Uint8Array | undefined)[] = [];
  private values: (E | undefined)[] = [];
  private slots = 0;
  /** Slots ever used; those below it that are empty are in the free list. */
  private used = 0;
  private free = -1;

  constructor(readonly max: number) {
    this.resize(Math.min(1024, max));
  }

  /** The slot of the question at `start`..`end` of `buf` in `variant`, or -1. */
  find(variant: number, hash: number, buf: Uint8Array, start: number, end: number): number {
    const h = slotHash(hash, variant);
    const words = this.words;
    for (let s = this.heads[h & this.mask]!; s !== -1; s = words[s * WORDS]!) {
      const w = s * WORDS;
      if (words[w + 1] === h && words[w + 2] === variant && this.holds(s, buf, start, end))
        return s;
    }
    return -1;
  }

  private holds(s: number, buf: Uint8Array, start: number, end: number): boolean {
    const length = this.words[s * WORDS + 3]!;
    return length > INLINE
      ? sameQuestion(this.long[s]!, 0, length, buf, start, end)
      : sameQuestion(this.octets, s * RECORD + HEAD, length, buf, start, end);
  }

  value(slot: number): E {
    return this.values[slot]!;
  }

  key(slot: number): Uint8Array {
    const length = this.words[slot * WORDS + 3]!;
    if (length > INLINE) return this.long[slot]!;
    const at = slot * RECORD + HEAD;
    return this.octets.slice(at, at + length);
  }

  /** Keeps `value` for `key` (a question, name lower-cased); false if the table or its bucket is full. */
  set(variant: number, hash: number, key: Uint8Array, value: E): boolean {
    const found = this.find(variant, hash, key, 0, key.length);
    if (found !== -1) {
      this.values[found] = value;
      return true;
    }
    if (this.size >= this.max) return false;
    if (this.free === -1 && this.used === this.slots) this.resize(this.slots * 2);
    const h = slotHash(hash, variant);
    const bucket = h & this.mask;
    let chain = 0;
    for (let s = this.heads[bucket]!; s !== -1; s = this.words[s * WORDS]!) chain++;
    if (chain >= MAX_CHAIN) return false;
    let slot: number;
    if (this.free !== -1) {
      slot = this.free;
      this.free = this.words[slot * WORDS]!;
    } else slot = this.used++;
    const w = slot * WORDS;
    this.words[w] = this.heads[bucket]!;
    this.words[w + 1] = h;
    this.words[w + 2] = variant;
    this.words[w + 3] = key.length;
    if (key.length > INLINE) this.long[slot] = key;
    else this.octets.set(key, slot * RECORD + HEAD);
    this.values[slot] = value;
    this.heads[bucket] = slot;
    this.size++;
    return true;
  }

  /** Forgets the answer to `key` in `variant`; whether there was one. */
  delete(variant: number, hash: number, key: Uint8Array): boolean {
    const h = slotHash(hash, variant);
    const bucket = h & this.mask;
    const words = this.words;
    let prev = -1;
    for (let s = this.heads[bucket]!; s !== -1; prev = s, s = words[s * WORDS]!) {
      const w = s * WORDS;
      if (words[w + 1] !== h || words[w + 2] !== variant || !this.holds(s, key, 0, key.length))
        continue;
      if (prev === -1) this.heads[bucket] = words[w]!;
      else words[prev * WORDS] = words[w]!;
      this.long[s] = undefined;
      this.values[s] = undefined;
      words[w] = this.free;
      this.free = s;
      this.size--;
      return true;
    }
    return false;
  }

  clear(): void {
    this.long = [];
    this.values = [];
    this.size = 0;
    this.used = 0;
    this.free = -1;
    this.slots = 0;
    this.words = new Int32Array(0);
    this.resize(Math.min(1024, this.max));
  }

  /** Room for `slots` answers (never more than the bound), every answer kept re-bucketed. */
  private resize(slots: number): void {
    slots = Math.min(slots, this.max);
    const words = new Int32Array(slots * WORDS);
    words.set(this.words.subarray(0, Math.min(this.words.length, words.length)));
    this.words = words;
    this.octets = new Uint8Array(words.buffer);
    this.slots = slots;
    let buckets = 1;
    while (buckets < slots) buckets *= 2;
    this.heads = new Int32Array(buckets).fill(-1);
    this.mask = buckets - 1;
    // Called when every slot is taken (no free list): each goes to its new bucket.
    for (let s = 0; s < this.used; s++) {
      const w = s * WORDS;
      const bucket = words[w + 1]! & this.mask;
      words[w] = this.heads[bucket]!;
      this.heads[bucket] = s;
    }
  }
}

export class AnswerCache<E> {
  private young: Table<E>;
  private old: Table<E>;

  /**
   * At most `max` answers are kept: emptied when full, or with `generations`, in two of up to
   * half of it each.
   */
  constructor(
    max: number,
    private readonly generations = false,
  ) {
    const turnAt = generations ? Math.max(1, Math.floor(max / 2)) : max;
    this.young = new Table(turnAt);
    this.old = new Table(generations ? turnAt : 0);
  }

  /** Answers kept, in both generations. */
  get size(): number {
    return this.young.size + this.old.size;
  }

  /**
   * The answer to the question at 12..`end` of the query `msg` (of hash `questionHash`) in the
   * `variant` of answers (size and EDNS form), if kept.
   */
  get(variant: number, hash: number, msg: Uint8Array, end: number): E | undefined {
    const slot = this.young.find(variant, hash, msg, 12, end);
    if (slot !== -1) return this.young.value(slot);
    if (!this.old.size) return undefined;
    const was = this.old.find(variant, hash, msg, 12, end);
    if (was === -1) return undefined;
    // Still asked: kept through the next turn of generations.
    const key = this.old.key(was);
    const value = this.old.value(was);
    this.old.delete(variant, hash, key);
    this.set(variant, hash, key, value);
    return value;
  }

  /** Keeps `entry` as the answer to `key` (a question, name lower-cased: `questionKey`). */
  set(variant: number, hash: number, key: Uint8Array, entry: E): void {
    if (this.young.size >= this.turnAt) {
      if (this.generations) this.turn();
      else this.young.clear();
    }
    this.young.set(variant, hash, key, entry);
    if (this.old.size) this.old.delete(variant, hash, key);
  }

  delete(variant: number, hash: number, key: Uint8Array): void {
    this.young.delete(variant, hash, key);
    if (this.old.size) this.old.delete(variant, hash, key);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
  }

  private get turnAt(): number {
    return this.young.max;
  }

  private turn(): void {
    const dropped = this.old;
    this.old = this.young;
    dropped.clear();
    this.young = dropped;
  }
}
