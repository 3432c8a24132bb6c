// Response rate limiting for UDP, in the manner of BIND's and Knot's RRL (Vixie/Schryver): a
// credit balance per (source prefix, kind of response). Identical answers (same name, type and
// answer), NODATA and referrals draw on DNS_RRL_RATE; NXDOMAIN (keyed by zone, so a flood of
// random names shares one bucket) and errors (keyed by prefix alone) on DNS_RRL_ERRORS_RATE.
// A balance earns `rate` credits a second up to `rate` (the burst) and may owe up to `window`
// seconds of them, so a source that floods stays limited until it has been quiet that long.
import type { Config } from '../config';
import type { Query } from './query';
import { RCODE, type Resolution } from './resolve';

/** What a response is limited as: its bucket key, and whether it draws on the error rate. */
export interface RrlClass {
  readonly key: string;
  readonly errors: boolean;
}

export const RRL_ERRORS: RrlClass = { key: 'e|', errors: true };

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

interface Bucket {
  balance: number;
  at: number;
  limited: number;
}

export class Rrl {
  // Buckets by prefix, then by class key: the class key is a string a cache entry keeps, whose
  // hash V8 has already computed, and an IPv4 prefix is a small integer, so a query makes and
  // hashes no string (a flat map keyed by their concatenation cost twice as much).
  //
  // Two generations: a bucket untouched for a whole generation is dropped at the next turn. A
  // generation lasts `window + 1` seconds, after which an idle bucket is back at full credit,
  // so dropping it changes nothing; a spoofed flood that fills the table turns it early.
  private cur = new Map<number | string, Map<string, Bucket>>();
  private old = new Map<number | string, Map<string, Bucket>>();
  private curCount = 0;
  private oldCount = 0;
  private turnAt = 0;
  private readonly half: number;
  private readonly errorsRate: number;
  private readonly v4Divisor: number;

  constructor(private readonly s: RrlSettings) {
    this.half = Math.max(1, Math.floor(s.tableSize / 2));
    this.errorsRate = s.errorsRate || s.rate;
    this.v4Divisor = 2 ** (32 - s.ipv4Prefix);
  }

  /** Buckets held. */
  get size(): number {
    return this.curCount + this.oldCount;
  }

  /** The verdict for one UDP response of class `cls` to `address`, at `now` (ms). */
  check(address: string, cls: RrlClass, now: number): RrlVerdict {
    if (now >= this.turnAt || this.curCount >= this.half) {
      this.old = this.cur;
      this.oldCount = this.curCount;
      this.cur = new Map();
      this.curCount = 0;
      this.turnAt = now + (this.s.windowSeconds + 1) * 1000;
    }
    const prefix = this.prefixOf(address);
    let byClass = this.cur.get(prefix);
    if (byClass === undefined) this.cur.set(prefix, (byClass = new Map()));
    let b = byClass.get(cls.key);
    if (b === undefined) {
      b = this.old.get(prefix)?.get(cls.key) ?? { balance: Infinity, at: now, limited: 0 };
      byClass.set(cls.key, b);
      this.curCount++;
    }
    const rate = cls.errors ? this.errorsRate : this.s.rate;
    let balance = b.balance + ((now - b.at) * rate) / 1000;
    if (balance > rate) balance = rate;
    balance -= 1;
    const floor = -this.s.windowSeconds * rate;
    b.balance = balance < floor ? floor : balance;
    b.at = now;
    if (balance >= 0) return RRL_OK;
    b.limited++;
    return this.s.slip > 0 && b.limited % this.s.slip === 0 ? RRL_SLIP : RRL_DROP;
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
  if (res.rcode === RCODE.NXDOMAIN && res.zone) return { key: `n|${res.zone.name}`, errors: true };
  if (res.rcode !== RCODE.NOERROR) return RRL_ERRORS;
  if (!res.aa && res.authority[0]) return { key: `r|${res.authority[0].owner}`, errors: false };
  const first = res.answer[0];
  if (!first) return { key: `d|${q.wireName}|${q.qtype}`, errors: false };
  return { key: `q|${first.wildcard ?? q.wireName}|${q.qtype}`, errors: false };
}
