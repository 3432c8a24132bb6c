// The authoritative DNS server: UDP and TCP on one port, answers cached ready-encoded per
// (name, type, class, EDNS/DO, size) so that a repeated question costs a scan of the datagram,
// a probe of the cache by the question's bytes (ADR 0024), a copy with the ID patched in and a
// send; every answer for a zone is counted for the usage statistics. UDP answers pass
// response rate limiting (rrl.ts); TCP connections are limited in tcp.ts.
import type dgram from 'node:dgram';
import type net from 'node:net';
import type { Logger } from 'pino';
import type { Metrics } from '../metrics';
import { DnsCounters } from './dns-counters';
import { EDNS_UDP_SIZE, encodeResponse, header, metaRefusal, optRecord } from './encode';
import { listenDns } from './listen';
import {
  parseQuery,
  queryOf,
  questionKey,
  QueryScan,
  readQname,
  scanQuery,
  type Query,
} from './query';
import { typeName } from './rdata';
import { emptyResolution, RCODE, resolve } from './resolve';
import {
  Rrl,
  rrlClassOf,
  rrlSettings,
  RRL_DROP,
  RRL_ERRORS,
  RRL_OK,
  type RrlClass,
  type RrlConfig,
} from './rrl';
import { RESIGN_AFTER_MS } from './signer';
import { TcpConnections, tcpLimits, type TcpConfig } from './tcp';
import { AXFR, IXFR, type ZoneTransfers } from './transfer/server';
import type { UsageCell, UsageCounter } from './usage-counter';
import { outcomeOf } from './usage-outcome';
import { answeringRRset } from './answering-rrset';
import type { RrsetCell } from './rrset-usage';
import { AnswerCache } from './answer-cache';
import { nameHash } from './space-saving';
import type { ViewStore } from './view-store';
import type { ZoneView } from './zone-view';

interface CacheEntry {
  buf: Buffer;
  epoch: number;
  /**
   * The zone the answer came from (or was refused for) and its version then: most answers
   * depend on it alone, kept in the entry itself so that the freshness check reads no array.
   */
  zone: ZoneView | null;
  version: number;
  /**
   * Every other zone the answer used (`Resolution.deps` after the first: CNAME and ALIAS
   * targets, additional addresses, disabled child zones), and their versions.
   */
  deps: { zone: ZoneView; version: number }[] | null;
  refreshAt: number;
  /**
   * The usage counter of the zone, query type and outcome; none when the answer is for no zone
   * (or counting is off, in bench:dns).
   */
  cell: UsageCell | undefined;
  /** The counter of the RRset the answer came from (answering-rrset.ts); none for the others. */
  rr: RrsetCell | undefined;
  /** The question's name, lower-cased without the trailing dot: counted in the top names. */
  name: string;
  /** `nameHash(name)`, made once: the top-names sketches find the name's slot by it. */
  nameHash: number;
  /** Answers for a zone are cached; those for names in no zone are not (junk would evict them). */
  zoned: boolean;
  /**
   * An answer that a flood of made-up names yields one of per name: NXDOMAIN, an error, a
   * referral (any name below a delegation), or an answer or NODATA made from a wildcard. Kept
   * in the smaller cache. Answers for names that exist are bounded by the zones' contents.
   */
  anyName: boolean;
  /** What RRL counts this answer as. */
  rrl: RrlClass;
}

export type DnsConfig = RrlConfig & TcpConfig;

const MAX_CACHE = 200_000;
/**
 * Answers for names that need not exist (CacheEntry.anyName: NXDOMAIN, errors, referrals,
 * wildcards) in a cache of their own, smaller: a flood of random names (each asked once) would
 * otherwise fill the answers' cache with entries nobody asks again (about 1 KB each, measured)
 * and clear out the answers real clients repeat. Its two generations (answer-cache.ts) keep
 * through any flood what real clients ask again within 10,000 new questions (a mistyped name, a
 * stale client).
 */
const MAX_ANY_NAME_CACHE = 20_000;

export class DnsServer {
  private readonly cache = new AnswerCache<CacheEntry>(MAX_CACHE);
  private readonly anyName = new AnswerCache<CacheEntry>(MAX_ANY_NAME_CACHE, true);
  /** The query being answered, as read from its datagram (reused: no object per query). */
  private readonly scan = new QueryScan();
  /** The clock of the query being answered: read once, for freshness, RRL and counting. */
  private now = 0;
  private udp: dgram.Socket | null = null;
  private tcp: net.Server | null = null;
  private readonly tcpConnections: TcpConnections;
  private readonly rrl: Rrl | null;
  readonly counters: DnsCounters;
  // What the last call of answer() answered, for the UDP path to rate-limit and count it
  // without allocating a result object per query.
  private lastEntry: CacheEntry | null = null;
  private lastClass: RrlClass = RRL_ERRORS;
  private lastQuestionEnd = 12;
  port = 0;

  constructor(
    private readonly views: ViewStore,
    /** Null: nothing is counted (bench:dns measures what counting costs). */
    private readonly usage: UsageCounter | null,
    private readonly log: Logger,
    config: DnsConfig,
    metrics?: Metrics,
    /** Zone transfers over TCP; without them AXFR and IXFR are REFUSED. */
    private readonly transfers?: ZoneTransfers,
  ) {
    this.counters = new DnsCounters(metrics);
    this.rrl = config.DNS_RRL_RATE ? new Rrl(rrlSettings(config)) : null;
    this.tcpConnections = new TcpConnections(
      tcpLimits(config),
      (msg, address) => this.answerTcp(msg, address),
      metrics,
    );
  }

  /**
   * Answers one query message from `address` (verified with the TSIG key `key`, if any); null
   * means drop it. Never throws.
   */
  private answer(msg: Buffer, tcp: boolean, address: string, key: string | null): Buffer | null {
    this.now = Date.now();
    this.lastEntry = null;
    this.lastClass = RRL_ERRORS;
    this.lastQuestionEnd = 12;
    try {
      return this.answerUnsafe(msg, tcp, address, key);
    } catch (err) {
      this.log.error({ err }, 'dns answer failed');
      this.lastEntry = null;
      this.lastClass = RRL_ERRORS;
      this.lastQuestionEnd = 12;
      return msg.length >= 12
        ? header(
            { id: msg.readUInt16BE(0), flagsHi: msg[2]! },
            RCODE.SERVFAIL,
            false,
            false,
            [0, 0, 0, 0],
          )
        : null;
    }
  }

  /** Over TCP the source address is proven: never rate-limited, always counted. */
  private answerTcp(msg: Buffer, address: string): Buffer | null | Promise<Buffer[]> {
    if (this.transfers && msg.length >= 12 && (msg[2]! & 0xf8) === 0) {
      const parsed = parseQuery(msg);
      if (parsed.ok && (parsed.query.qtype === AXFR || parsed.query.qtype === IXFR)) {
        return this.transfers.answer(msg, parsed.query, address, true);
      }
    }
    const out = this.answerSigned(msg, true, address);
    if (out) this.sent(out, this.counters.tcp);
    return out;
  }

  /**
   * A query signed with TSIG (a secondary's SOA query) gets a signed answer, or the TSIG error
   * (RFC 8945 5.2); an unsigned query, or a server without transfers, the plain answer.
   */
  private answerSigned(msg: Buffer, tcp: boolean, address: string): Buffer | null {
    // A response (QR) is never answered, signed or not.
    if (!this.transfers || msg.length < 12 || msg[2]! & 0x80 || msg.readUInt16BE(10) === 0)
      return this.answer(msg, tcp, address, null);
    const check = this.transfers.tsig(msg);
    if (check.kind === 'none') return this.answer(msg, tcp, address, null);
    if (check.kind === 'failed') {
      // Not answered for any zone: no usage hit, and rate-limited as an error, not as whatever
      // the previous query was.
      this.lastEntry = null;
      this.lastClass = RRL_ERRORS;
      this.lastQuestionEnd = 12;
      const flags = { id: msg.readUInt16BE(0), flagsHi: msg[2]! };
      return check.answer ?? header(flags, RCODE.FORMERR, false, false, [0, 0, 0, 0]);
    }
    const out = this.answer(msg, tcp, address, check.key);
    return out && check.sign([out])[0]!;
  }

  /** The UDP answer to send to `address` after rate limiting; null: send nothing. */
  answerUdp(msg: Buffer, address: string): Buffer | null {
    const out = this.answerSigned(msg, false, address);
    if (!out) return null;
    if (this.rrl) {
      const verdict = this.rrl.check(address, this.lastClass, this.now);
      if (verdict !== RRL_OK) return this.limited(out, verdict);
    }
    this.sent(out, this.counters.udp);
    return out;
  }

  /** What RRL leaves of an answer: nothing, or its header and question with TC. */
  private limited(out: Buffer, verdict: number): Buffer | null {
    if (verdict === RRL_DROP) {
      this.counters.rrlDrop++;
      return null;
    }
    // Slip: the header and question only, with TC, so that a real resolver asks over TCP
    // (where it is not limited) and a spoofed victim gets no more bytes than the query had.
    this.counters.rrlSlip++;
    const slip = Buffer.from(out.subarray(0, this.lastQuestionEnd));
    slip[2]! |= 0x02;
    slip.writeUInt16BE(this.lastQuestionEnd > 12 ? 1 : 0, 4);
    slip.fill(0, 6, 12);
    this.counters.udp[slip[3]! & 0x0f]!++;
    return slip;
  }

  /**
   * Counts a response that goes out whole: in the metrics, and in the zone's usage (queries
   * that RRL drops or slips are not answered, so they are not counted in usage).
   */
  private sent<T extends Buffer>(out: T, byRcode: Float64Array): T {
    byRcode[out[3]! & 0x0f]!++;
    const e = this.lastEntry;
    if (e?.cell) {
      e.cell = this.usage!.hit(e.cell, e.name, this.now, e.nameHash);
      if (e.rr) e.rr = this.usage!.rrsets.hit(e.rr, this.now);
    }
    return out;
  }

  private answerUnsafe(
    msg: Buffer,
    tcp: boolean,
    address: string,
    key: string | null,
  ): Buffer | null {
    const s = this.scan;
    if (!scanQuery(msg, s)) {
      if (s.rcode === null) return null;
      return header(s, s.rcode, false, false, [0, 0, 0, 0]);
    }
    this.lastQuestionEnd = s.questionEnd;
    if (s.edns && s.ednsVersion > 0) {
      // BADVERS (16): extended rcode 1 in the OPT record, 0 in the header (RFC 6891 6.1.3).
      const h = header(s, 0, false, false, [1, 0, 0, 1]);
      return Buffer.concat([h, msg.subarray(12, s.questionEnd), optRecord(s.dnssecOk, 1)]);
    }
    const maxSize = tcp ? 65535 : s.edns ? Math.min(Math.max(s.udpSize, 512), EDNS_UDP_SIZE) : 512;
    const variant = maxSize * 4 + (s.edns ? (s.dnssecOk ? 2 : 1) : 0);
    let entry =
      this.cache.get(variant, s.hash, msg, s.questionEnd) ??
      this.anyName.get(variant, s.hash, msg, s.questionEnd);
    if (!entry || !this.fresh(entry)) {
      // Built anew: the questions below are never answered from the cache either.
      const q = queryOf(msg, s);
      if (q.qtype === 0 || q.qtype === 41 || (q.qtype >= 128 && q.qtype <= 252)) {
        return metaRefusal(msg, q);
      }
      // The catalog zone answers its secondaries' SOA queries (their refresh), nobody else.
      if (this.transfers?.isCatalog(q)) {
        return this.transfers.catalogAnswer(msg, q, { address, key });
      }
      readQname(msg, q);
      entry = this.build(msg, q, maxSize);
      if (entry.zoned) this.remember(variant, s.hash, questionKey(msg, s), entry);
    }
    this.lastEntry = entry;
    this.lastClass = entry.rrl;
    const cached = entry.buf;
    // One buffer (dgram wraps each buffer of a list anew): the cached answer with this query's
    // id, RD and CD, and its question as asked (case included, 0x20; as long as the cached one).
    const out = Buffer.allocUnsafe(cached.length);
    out.set(cached);
    out[0] = s.id >> 8;
    out[1] = s.id & 0xff;
    out[2] = (cached[2]! & 0xfe) | (s.flagsHi & 0x01);
    out[3] = (cached[3]! & 0xef) | (s.flagsLo & 0x10);
    for (let i = 12; i < s.questionEnd; i++) out[i] = msg[i]!;
    return out;
  }

  private remember(variant: number, hash: number, key: Uint8Array, entry: CacheEntry): void {
    const [cache, other] = entry.anyName ? [this.anyName, this.cache] : [this.cache, this.anyName];
    // A name that turned from answered to NXDOMAIN (or back) leaves no stale entry to be found
    // first and built again on every query.
    other.delete(variant, hash, key);
    cache.set(variant, hash, key, entry);
  }

  /** Answers kept: for names that exist, and for any name (bounded apart; tests read it). */
  get cached(): { answers: number; anyName: number } {
    return { answers: this.cache.size, anyName: this.anyName.size };
  }

  private fresh(e: CacheEntry): boolean {
    if (e.epoch !== this.views.epoch || this.now >= e.refreshAt) return false;
    if (e.zone && e.zone.version !== e.version) return false;
    if (e.deps) for (const d of e.deps) if (d.zone.version !== d.version) return false;
    return true;
  }

  private build(msg: Buffer, q: Query, maxSize: number): CacheEntry {
    const res =
      q.qclass === 1
        ? resolve(this.views, q.qname, q.qtype)
        : emptyResolution(RCODE.REFUSED, false);
    const counted = res.zone ?? res.refusedZone;
    const rr = res.zone && this.usage ? answeringRRset(res, q.qtype) : null;
    const buf = encodeResponse(msg, q, res, maxSize);
    const [first, ...others] = res.deps;
    return {
      buf,
      epoch: this.views.epoch,
      zone: first ?? null,
      version: first?.version ?? 0,
      deps: others.length ? others.map((zone) => ({ zone, version: zone.version })) : null,
      refreshAt: this.now + RESIGN_AFTER_MS,
      rrl: rrlClassOf(q, res),
      zoned: counted !== undefined,
      // A wildcard's answer or NODATA carries the proof that the name itself does not exist.
      anyName: res.rcode !== RCODE.NOERROR || !res.aa || res.denials.some((d) => 'covers' in d),
      name: q.qname,
      nameHash: nameHash(q.qname),
      // Every entry has both fields, set or not: one object shape for the hot path's reads.
      cell:
        counted && this.usage
          ? this.usage.cell(counted.id, typeName(q.qtype), outcomeOf(res))
          : undefined,
      rr: rr ? this.usage!.rrsets.cell(res.zone!.id, rr.name, rr.type) : undefined,
    };
  }

  async start(host: string, port: number): Promise<void> {
    const l = await listenDns(
      host,
      port,
      (udp, msg, rinfo) => {
        const out = this.answerUdp(msg, rinfo.address);
        if (out) udp.send(out, rinfo.port, rinfo.address);
      },
      (socket) => this.tcpConnections.accept(socket),
    );
    l.udp.on('error', (err) => this.log.error({ err }, 'dns udp error'));
    this.udp = l.udp;
    this.tcp = l.tcp;
    this.port = l.port;
  }

  /** The UDP socket, once started (the DNS workers answer on it too). */
  get udpSocket(): dgram.Socket | null {
    return this.udp;
  }

  /** Answers a UDP query a DNS worker handed over, as if it had arrived here. */
  answerRelayed(msg: Buffer, address: string, port: number): void {
    const out = this.answerUdp(msg, address);
    if (out) this.udp?.send(out, port, address);
  }

  async stop(): Promise<void> {
    this.tcpConnections.closeAll();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }
}
