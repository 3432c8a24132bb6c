// Response rate limiting for UDP, in the manner of BIND's and Knot's RRL (Vixie/Schryver): a
// credit balance per (source prefix, kind of response). Identical answers (same name, type and
// answer), NODATA and referrals draw on DNS_RRL_RATE; NXDOMAIN (keyed by zone, so a flood of
// random names shares one bucket) and errors (keyed by prefix alone) on DNS_RRL_ERRORS_RATE.
// A balance earns `rate` credits a second up to `rate` (the burst) and may owe up to `window`
// seconds of them, so a source that floods stays limited until it has been quiet that long.
import type { Config } from '../config';
import type { Query } from './query';
import { HASH_SEED, mix32, stringHash } from './hash';
import { RCODE, type Resolution } from './resolve';

/** What a response is limited as: its bucket key, and whether it draws on the error rate. */
export interface RrlClass {
  readonly key: string;
  readonly errors: boolean;
  /** A hash of `key`, made once with the class (a cache entry keeps its class). */
  readonly hash: number;
  /**
   * Where this class's bucket was last found or made: a generation of buckets (`Buckets.gen`)
   * and a slot in it. While the same source keeps asking, its bucket is that slot, read
   * without a walk of the table (its chain head and the key of each slot visited cost the hot
   * path two cache misses); for another source the slot's prefix differs and the walk is done.
   */
  gen: number;
  slot: number;
}

/** The class of responses limited by `key`. */
export function rrlClass(key: string, errors: boolean): RrlClass {
  return { key, errors, hash: stringHash(key), gen: 0, slot: 0 };
}

/**
 * Generations of buckets made so far in this process, by every Rrl: a generation's number is
 * never used twice, so a class's remembered slot is never taken from another table, or from
 * a generation since emptied.
 */
let generations = 0;

export const RRL_ERRORS = rrlClass('e|', true);

export const RRL_OK = 0;
export const RRL_DROP = 1;
export const RRL_SLIP = 2;
export type RrlVerdict = typeof RRL_OK | typeof RRL_DROP | typeof RRL_SLIP;

export interface RrlSettings {
  rate: number;
  errorsRate: number;
  slip: number;
  windowSeconds: number;
  ipv4Prefix: number;
  ipv6Prefix: number;
  /** Buckets held at most; beyond it the least recently used go first. */
  tableSize: number;
}

export type RrlConfig = Pick<
  Config,
  | 'DNS_RRL_RATE'
  | 'DNS_RRL_ERRORS_RATE'
  | 'DNS_RRL_SLIP'
  | 'DNS_RRL_WINDOW'
  | 'DNS_RRL_IPV4_PREFIX'
  | 'DNS_RRL_IPV6_PREFIX'
  | 'DNS_RRL_TABLE_SIZE'
>;

export function rrlSettings(c: RrlConfig): RrlSettings {
  return {
    rate: c.DNS_RRL_RATE,
    errorsRate: c.DNS_RRL_ERRORS_RATE,
    slip: c.DNS_RRL_SLIP,
    windowSeconds: c.DNS_RRL_WINDOW,
    ipv4Prefix: c.DNS_RRL_IPV4_PREFIX,
    ipv6Prefix: c.DNS_RRL_IPV6_PREFIX,
    tableSize: c.DNS_RRL_TABLE_SIZE,
  };
}

/** A bucket's record in `Buckets.cells`: its numbers, eight to a 64-octet line. */
const WIDTH = 8;
const BALANCE = 0;
const AT = 1;
const LIMITED = 2;
const PREFIX = 3;
const NEXT = 4;
const HASH = 5;

/**
 * One generation of buckets: a chained hash table over typed arrays, keyed by source prefix and
 * class key, that only grows (up to `max`) and is emptied whole. A query looks its bucket up
 * with no string made or hashed and no object made.
 */
class Buckets {
  size = 0;
  /** This generation's number (unique in the process; a new one each time it is emptied). */
  gen = ++generations;
  private heads = new Int32Array(0);
  private mask = 0;
  /**
   * Each bucket's numbers side by side in one record of WIDTH (64 octets): a query reads the
   * head of its chain and then one record per bucket it visits (one or two cache lines), not a
   * line per array (ADR 0024 addendum). An IPv6 prefix (text) is in `v6` and its record holds NaN.
   */
  cells = new Float64Array(0);
  private v6: (string | undefined)[] = [];
  private keys: string[] = [];

  constructor(private readonly max: number) {
    this.resize(Math.min(1024, max));
  }

  find(prefix: number | string, key: string, h: number): number {
    const c = this.cells;
    for (let s = this.heads[h & this.mask]!; s !== -1; s = c[s * WIDTH + NEXT]!) {
      const r = s * WIDTH;
      if (
        c[r + HASH] === h &&
        (typeof prefix === 'number' ? c[r + PREFIX] === prefix : this.v6[s] === prefix) &&
        this.keys[s] === key
      )
        return s;
    }
    return -1;
  }

  /** A new bucket (the caller turns generations before this one is full). */
  add(prefix: number | string, key: string, h: number): number {
    if (this.size >= this.max) throw new Error('RRL bucket table full: turn generations first');
    if (this.size * WIDTH === this.cells.length) this.resize(this.size * 2);
    const slot = this.size++;
    const r = slot * WIDTH;
    this.cells[r + HASH] = h;
    if (typeof prefix === 'number') this.cells[r + PREFIX] = prefix;
    else {
      this.cells[r + PREFIX] = NaN;
      this.v6[slot] = prefix;
    }
    this.keys[slot] = key;
    this.cells[r + NEXT] = this.heads[h & this.mask]!;
    this.heads[h & this.mask] = slot;
    return slot;
  }

  clear(): void {
    this.size = 0;
    this.gen = ++generations;
    this.v6 = [];
    this.keys = [];
    this.cells = new Float64Array(0);
    this.resize(Math.min(1024, this.max));
  }

  private resize(slots: number): void {
    slots = Math.min(slots, this.max);
    const cells = new Float64Array(slots * WIDTH);
    cells.set(this.cells.subarray(0, Math.min(this.size, slots) * WIDTH));
    this.cells = cells;
    let buckets = 1;
    while (buckets < slots) buckets *= 2;
    this.heads = new Int32Array(buckets).fill(-1);
    this.mask = buckets - 1;
    for (let s = 0; s < this.size; s++) {
      const r = s * WIDTH;
      const bucket = cells[r + HASH]! & this.mask;
      cells[r + NEXT] = this.heads[bucket]!;
      this.heads[bucket] = s;
    }
  }
}

export class Rrl {
  // Buckets by source prefix and class key: an IPv4 prefix is a small integer and the class key
  // a string a cache entry keeps with its hash, so a query makes and hashes no string.
  //
  // Two generations: a bucket untouched for a whole generation is dropped at the next turn. A
  // generation lasts `window + 1` seconds, after which an idle bucket is back at full credit,
  // so dropping it changes nothing; a spoofed flood that fills the table turns it early.
  private cur: Buckets;
  private old: Buckets;
  private turnAt = 0;
  private readonly half: number;
  private readonly errorsRate: number;
  private readonly v4Divisor: number;

  constructor(private readonly s: RrlSettings) {
    this.half = Math.max(1, Math.floor(s.tableSize / 2));
    this.cur = new Buckets(this.half);
    this.old = new Buckets(this.half);
    this.errorsRate = s.errorsRate || s.rate;
    this.v4Divisor = 2 ** (32 - s.ipv4Prefix);
  }

  /** Buckets held. */
  get size(): number {
    return this.cur.size + this.old.size;
  }

  /** The verdict for one UDP response of class `cls` to `address`, at `now` (ms). */
  check(address: string, cls: RrlClass, now: number): RrlVerdict {
    if (now >= this.turnAt || this.cur.size >= this.half) {
      const dropped = this.old;
      this.old = this.cur;
      dropped.clear();
      this.cur = dropped;
      this.turnAt = now + (this.s.windowSeconds + 1) * 1000;
    }
    const prefix = this.prefixOf(address);
    const b = this.cur;
    // The slot this class had in this generation holds the bucket of (its prefix, this class):
    // the one wanted when the prefix is this source's (an IPv6 slot holds NaN: never equal).
    const slot =
      cls.gen === b.gen && b.cells[cls.slot * WIDTH + PREFIX] === prefix
        ? cls.slot
        : this.bucketOf(prefix, cls, now);
    cls.gen = b.gen;
    cls.slot = slot;
    const c = b.cells;
    const r = slot * WIDTH;
    const rate = cls.errors ? this.errorsRate : this.s.rate;
    let balance = c[r + BALANCE]! + ((now - c[r + AT]!) * rate) / 1000;
    if (balance > rate) balance = rate;
    balance -= 1;
    const floor = -this.s.windowSeconds * rate;
    c[r + BALANCE] = balance < floor ? floor : balance;
    c[r + AT] = now;
    if (balance >= 0) return RRL_OK;
    const limited = ++c[r + LIMITED]!;
    return this.s.slip > 0 && limited % this.s.slip === 0 ? RRL_SLIP : RRL_DROP;
  }

  /** The slot of the bucket of (`prefix`, `cls`) in this generation, made if new. */
  private bucketOf(prefix: number | string, cls: RrlClass, now: number): number {
    const h = mix32(
      mix32((typeof prefix === 'number' ? prefix : stringHash(prefix)) ^ HASH_SEED) ^ cls.hash,
    );
    const b = this.cur;
    const found = b.find(prefix, cls.key, h);
    if (found !== -1) return found;
    const slot = b.add(prefix, cls.key, h);
    const was = this.old.find(prefix, cls.key, h);
    const r = slot * WIDTH;
    if (was === -1) {
      b.cells[r + BALANCE] = Infinity;
      b.cells[r + AT] = now;
      b.cells[r + LIMITED] = 0;
    } else {
      const o = was * WIDTH;
      b.cells[r + BALANCE] = this.old.cells[o + BALANCE]!;
      b.cells[r + AT] = this.old.cells[o + AT]!;
      b.cells[r + LIMITED] = this.old.cells[o + LIMITED]!;
    }
    return slot;
  }

  /**
   * The source's network: for IPv4 the address's top bits as a number (no string to make and
   * hash per query), for IPv6 its top bits as text.
   */
  prefixOf(address: string): number | string {
    let start = 0;
    if (address.includes(':')) {
      if (!address.startsWith('::ffff:') || !address.includes('.')) return this.v6Prefix(address);
      start = 7; // an IPv4 client of a dual-stack socket
    }
    let n = 0;
    let octet = 0;
    for (let i = start; i < address.length; i++) {
      const c = address.charCodeAt(i);
      if (c === 46) {
        n = n * 256 + octet;
        octet = 0;
      } else octet = octet * 10 + c - 48;
    }
    return Math.floor((n * 256 + octet) / this.v4Divisor);
  }

  private v6Prefix(address: string): string {
    const [head = '', tail] = address.split('%')[0]!.split('::');
    const groups = (s: string) => (s ? s.split(':') : []);
    const h = groups(head);
    const t = tail === undefined ? [] : groups(tail);
    const all = [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
    let bits = '';
    for (const g of all) bits += parseInt(g, 16).toString(2).padStart(16, '0');
    return `${bits.slice(0, this.s.ipv6Prefix)}/`;
  }
}

/**
 * The RRL bucket of an answer, as BIND keys them: identical answers by name and type (a
 * wildcard's by the wildcard), NODATA by name and type, referrals by the delegation, NXDOMAIN by
 * zone (a flood of random names is one bucket), errors by source alone; the last two draw on
 * the error rate.
 */
export function rrlClassOf(q: Query, res: Resolution): RrlClass {
  if (res.rcode === RCODE.NXDOMAIN && res.zone) return rrlClass(`n|${res.zone.name}`, true);
  if (res.rcode !== RCODE.NOERROR) return RRL_ERRORS;
  if (!res.aa && res.authority[0]) return rrlClass(`r|${res.authority[0].owner}`, false);
  const first = res.answer[0];
  if (!first) return rrlClass(`d|${q.wireName}|${q.qtype}`, false);
  return rrlClass(`q|${first.wildcard ?? q.wireName}|${q.qtype}`, false);
}
