// The authoritative DNS server: UDP and TCP on one port, answers cached ready-encoded per
// (name, type, class, EDNS/DO, size) so that a repeated question costs a map hit, an ID patch
// and a send; every answer for a zone is counted for the usage statistics. UDP answers pass
// response rate limiting (rrl.ts); TCP connections are limited in tcp.ts.
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Metrics } from '../metrics';
import { DnsCounters } from './dns-counters';
import { EDNS_UDP_SIZE, encodeResponse, header, optRecord } from './encode';
import { parseQuery, readQname, type Query } from './query';
import { typeName } from './rdata';
import { RCODE, resolve, type Resolution } from './resolve';
import { Rrl, RRL_DROP, RRL_ERRORS, RRL_OK, type RrlClass } from './rrl';
import { RESIGN_AFTER_MS } from './signer';
import { TcpConnections } from './tcp';
import type { UsageCell, UsageCounter } from './usage-counter';
import type { ViewStore } from './view-store';
import type { ZoneView } from './zone-view';

interface CacheEntry {
  buf: Buffer;
  epoch: number;
  deps: { zone: ZoneView; version: number }[];
  refreshAt: number;
  /** The usage counter of the zone and query type; none when the answer is for no zone. */
  cell?: UsageCell;
  /** What RRL counts this answer as. */
  rrl: RrlClass;
}

export type DnsConfig = Pick<
  Config,
  | 'DNS_RRL_RATE'
  | 'DNS_RRL_ERRORS_RATE'
  | 'DNS_RRL_SLIP'
  | 'DNS_RRL_WINDOW'
  | 'DNS_RRL_IPV4_PREFIX'
  | 'DNS_RRL_IPV6_PREFIX'
  | 'DNS_RRL_TABLE_SIZE'
  | 'DNS_TCP_MAX_CONNECTIONS'
  | 'DNS_TCP_MAX_PER_ADDRESS'
  | 'DNS_TCP_IDLE_MS'
  | 'DNS_TCP_SESSION_MS'
  | 'DNS_TCP_STALL_MS'
>;

const MAX_CACHE = 200_000;

export class DnsServer {
  private readonly cache = new Map<string, CacheEntry>();
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
    private readonly usage: UsageCounter,
    private readonly log: Logger,
    config: DnsConfig,
    metrics?: Metrics,
  ) {
    this.counters = new DnsCounters(metrics);
    this.rrl = config.DNS_RRL_RATE
      ? new Rrl({
          rate: config.DNS_RRL_RATE,
          errorsRate: config.DNS_RRL_ERRORS_RATE,
          slip: config.DNS_RRL_SLIP,
          windowSeconds: config.DNS_RRL_WINDOW,
          ipv4Prefix: config.DNS_RRL_IPV4_PREFIX,
          ipv6Prefix: config.DNS_RRL_IPV6_PREFIX,
          tableSize: config.DNS_RRL_TABLE_SIZE,
        })
      : null;
    this.tcpConnections = new TcpConnections(
      {
        maxConnections: config.DNS_TCP_MAX_CONNECTIONS,
        maxPerAddress: config.DNS_TCP_MAX_PER_ADDRESS,
        idleMs: config.DNS_TCP_IDLE_MS,
        sessionMs: config.DNS_TCP_SESSION_MS,
        stallMs: config.DNS_TCP_STALL_MS,
      },
      (msg) => this.answerTcp(msg),
      metrics,
    );
  }

  /** Answers one query message; null means drop it. Never throws. */
  answer(msg: Buffer, tcp: boolean): Buffer | null {
    this.lastEntry = null;
    this.lastClass = RRL_ERRORS;
    this.lastQuestionEnd = 12;
    try {
      return this.answerUnsafe(msg, tcp);
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
  private answerTcp(msg: Buffer): Buffer | null {
    const out = this.answer(msg, true);
    if (out) this.sent(out, this.counters.tcp);
    return out;
  }

  /** The UDP answer to send to `address` after rate limiting; null: send nothing. */
  answerUdp(msg: Buffer, address: string): Buffer | null {
    const out = this.answer(msg, false);
    if (!out || !this.rrl) return out && this.sent(out, this.counters.udp);
    const verdict = this.rrl.check(address, this.lastClass, Date.now());
    if (verdict === RRL_OK) return this.sent(out, this.counters.udp);
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
  private sent(out: Buffer, byRcode: Float64Array): Buffer {
    byRcode[out[3]! & 0x0f]!++;
    const e = this.lastEntry;
    if (e?.cell) e.cell = this.usage.hit(e.cell);
    return out;
  }

  private answerUnsafe(msg: Buffer, tcp: boolean): Buffer | null {
    const parsed = parseQuery(msg);
    if (!parsed.ok) {
      if (parsed.rcode === null) return null;
      return header(parsed, parsed.rcode, false, false, [0, 0, 0, 0]);
    }
    const q = parsed.query;
    this.lastQuestionEnd = q.questionEnd;
    if (q.edns && q.edns.version > 0) {
      // BADVERS (16): extended rcode 1 in the OPT record, 0 in the header (RFC 6891 6.1.3).
      const h = header(q, 0, false, false, [1, 0, 0, 1]);
      return Buffer.concat([h, msg.subarray(12, q.questionEnd), optRecord(q.edns.dnssecOk, 1)]);
    }
    if (q.qtype === 0 || q.qtype === 41 || (q.qtype >= 128 && q.qtype <= 252)) {
      return this.metaRefusal(msg, q);
    }
    const maxSize = tcp
      ? 65535
      : q.edns
        ? Math.min(Math.max(q.edns.udpSize, 512), EDNS_UDP_SIZE)
        : 512;
    const key = `${q.wireName}\0${q.qtype}\0${q.qclass}\0${q.edns ? (q.edns.dnssecOk ? 2 : 1) : 0}\0${maxSize}`;
    let entry = this.cache.get(key);
    if (!entry || !this.fresh(entry)) {
      readQname(msg, q);
      entry = this.build(msg, q, maxSize);
      if (this.cache.size >= MAX_CACHE) this.cache.clear();
      if (entry.cell) this.cache.set(key, entry);
    }
    this.lastEntry = entry;
    this.lastClass = entry.rrl;
    const out = Buffer.from(entry.buf);
    out.writeUInt16BE(q.id, 0);
    out[2] = (out[2]! & 0xfe) | (q.flagsHi & 0x01);
    out[3] = (out[3]! & 0xef) | (q.flagsLo & 0x10);
    msg.copy(out, 12, 12, q.questionEnd); // the question as asked, case included (0x20)
    return out;
  }

  /**
   * Zone transfers (AXFR, IXFR) are REFUSED until they exist; meta types that make no sense as
   * a question (0, OPT, TKEY, TSIG and the unassigned 128–248) are FORMERR (RFC 6895 3.1).
   * ANY is answered (RFC 8482); MAILA and MAILB are question types too, answered as any other
   * type we hold no records of.
   */
  private metaRefusal(msg: Buffer, q: Query): Buffer {
    const rcode = q.qtype === 251 || q.qtype === 252 ? RCODE.REFUSED : RCODE.FORMERR;
    const opt = q.edns ? [optRecord(q.edns.dnssecOk)] : [];
    const h = header(q, rcode, false, false, [1, 0, 0, opt.length]);
    return Buffer.concat([h, msg.subarray(12, q.questionEnd), ...opt]);
  }

  private fresh(e: CacheEntry): boolean {
    if (e.epoch !== this.views.epoch || Date.now() >= e.refreshAt) return false;
    for (const d of e.deps) if (d.zone.version !== d.version) return false;
    return true;
  }

  private build(msg: Buffer, q: Query, maxSize: number): CacheEntry {
    const res =
      q.qclass === 1
        ? resolve(this.views, q.qname, q.qtype)
        : {
            rcode: RCODE.REFUSED,
            aa: false,
            answer: [],
            authority: [],
            additional: [],
            denials: [],
            deps: [],
          };
    return {
      buf: encodeResponse(msg, q, res, maxSize),
      epoch: this.views.epoch,
      deps: res.deps.map((zone) => ({ zone, version: zone.version })),
      refreshAt: Date.now() + RESIGN_AFTER_MS,
      rrl: rrlClassOf(q, res),
      ...(res.zone ? { cell: this.usage.cell(res.zone.id, typeName(q.qtype)) } : {}),
    };
  }

  async start(host: string, port: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const type = host.includes(':') ? 'udp6' : 'udp4';
      // Answers go back to the sender's address, always an IP literal: skip the DNS lookup that
      // dgram would otherwise do (on the next tick) for every datagram sent.
      const udp = dgram.createSocket({
        type,
        lookup: (address, options, callback) =>
          net.isIP(address)
            ? (callback as (e: null, a: string, f: number) => void)(
                null,
                address,
                net.isIP(address),
              )
            : dns.lookup(address, options, callback),
      });
      udp.on('message', (msg, rinfo) => {
        const out = this.answerUdp(msg, rinfo.address);
        if (out) udp.send(out, rinfo.port, rinfo.address);
      });
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(port, host, () => resolve());
      });
      const bound = udp.address().port;
      try {
        this.tcp = await this.listenTcp(host, bound);
        this.udp = udp;
        this.port = bound;
        udp.on('error', (err) => this.log.error({ err }, 'dns udp error'));
        return;
      } catch (err) {
        udp.close();
        // With port 0 the TCP side may find the UDP port taken: try another.
        if (port !== 0 || attempt >= 5) throw err;
      }
    }
  }

  private listenTcp(host: string, port: number): Promise<net.Server> {
    const server = net.createServer((socket) => this.tcpConnections.accept(socket));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  }

  async stop(): Promise<void> {
    this.tcpConnections.closeAll();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }
}

/**
 * The RRL bucket of an answer, as BIND keys them: identical answers by name and type (a
 * wildcard's by the wildcard), NODATA by name and type, referrals by the delegation, NXDOMAIN by
 * zone (a flood of random names is one bucket), errors by source alone; the last two draw on
 * the error rate.
 */
function rrlClassOf(q: Query, res: Resolution): RrlClass {
  if (res.rcode === RCODE.NXDOMAIN && res.zone) return { key: `n|${res.zone.name}`, errors: true };
  if (res.rcode !== RCODE.NOERROR) return RRL_ERRORS;
  if (!res.aa && res.authority[0]) return { key: `r|${res.authority[0].owner}`, errors: false };
  const first = res.answer[0];
  if (!first) return { key: `d|${q.wireName}|${q.qtype}`, errors: false };
  return { key: `q|${first.wildcard ?? q.wireName}|${q.qtype}`, errors: false };
}
