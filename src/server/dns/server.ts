// The authoritative DNS server: UDP and TCP on one port, answers cached ready-encoded per
// (name, type, class, EDNS/DO, size) so that a repeated question costs a map hit, an ID patch
// and a send; every answer for a zone is counted for the usage statistics.
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import type { Logger } from 'pino';
import { EDNS_UDP_SIZE, encodeResponse, header, optRecord } from './encode';
import { parseQuery, readQname, type Query } from './query';
import { typeName } from './rdata';
import { RCODE, resolve } from './resolve';
import { RESIGN_AFTER_MS } from './signer';
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
}

const MAX_CACHE = 200_000;
const TCP_IDLE_MS = 10_000;

export class DnsServer {
  private readonly cache = new Map<string, CacheEntry>();
  private udp: dgram.Socket | null = null;
  private tcp: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly views: ViewStore,
    private readonly usage: UsageCounter,
    private readonly log: Logger,
  ) {}

  /** Answers one query message; null means drop it. Never throws. */
  answer(msg: Buffer, tcp: boolean): Buffer | null {
    try {
      return this.answerUnsafe(msg, tcp);
    } catch (err) {
      this.log.error({ err }, 'dns answer failed');
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

  private answerUnsafe(msg: Buffer, tcp: boolean): Buffer | null {
    const parsed = parseQuery(msg);
    if (!parsed.ok) {
      if (parsed.rcode === null) return null;
      return header(parsed, parsed.rcode, false, false, [0, 0, 0, 0]);
    }
    const q = parsed.query;
    if (q.edns && q.edns.version > 0) {
      // BADVERS (16): extended rcode 1 in the OPT record, 0 in the header (RFC 6891 6.1.3).
      const h = header(q, 0, false, false, [1, 0, 0, 1]);
      return Buffer.concat([h, msg.subarray(12, q.questionEnd), optRecord(q.edns.dnssecOk, 1)]);
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
    if (entry.cell) entry.cell = this.usage.hit(entry.cell);
    const out = Buffer.from(entry.buf);
    out.writeUInt16BE(q.id, 0);
    out[2] = (out[2]! & 0xfe) | (q.flagsHi & 0x01);
    out[3] = (out[3]! & 0xef) | (q.flagsLo & 0x10);
    msg.copy(out, 12, 12, q.questionEnd); // the question as asked, case included (0x20)
    return out;
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
        const out = this.answer(msg, false);
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
    const server = net.createServer((socket) => this.serveTcp(socket));
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve(server));
    });
  }

  private serveTcp(socket: net.Socket): void {
    let pending = Buffer.alloc(0);
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= 2) {
        const len = pending.readUInt16BE(0);
        if (pending.length < 2 + len) break;
        const out = this.answer(pending.subarray(2, 2 + len), true);
        pending = pending.subarray(2 + len);
        if (!out) continue;
        const frame = Buffer.alloc(2 + out.length);
        frame.writeUInt16BE(out.length, 0);
        out.copy(frame, 2);
        socket.write(frame);
      }
    });
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([
      new Promise<void>((resolve) => (this.udp ? this.udp.close(() => resolve()) : resolve())),
      new Promise<void>((resolve) => (this.tcp ? this.tcp.close(() => resolve()) : resolve())),
    ]);
  }
}
