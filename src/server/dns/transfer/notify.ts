// NOTIFY (RFC 1996) to the operator's secondaries (DNS_NOTIFY) on every new serial, TSIG-signed
// when the target names a key, retried with back-off until acknowledged. A newer serial of the
// same zone replaces a NOTIFY still being retried: the secondary only needs the latest.
import dgram from 'node:dgram';
import net from 'node:net';
import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { nameWire } from '../rdata';
import type { NotifyTarget } from './acl';

/** Seconds between tries: 1, 2, 4, 8, 16, 30, 30… (RFC 1996 4.7 leaves the schedule to us). */
const FIRST_RETRY_MS = 1000;
const MAX_RETRY_MS = 30_000;
const MAX_TRIES = 10;

/** Signs a NOTIFY with a key; `check` verifies the answer's TSIG (false: not a valid answer). */
export type NotifySigner = (
  msg: Buffer,
  key: string,
) => { msg: Buffer; check: (reply: Buffer) => boolean } | null;

interface Pending {
  zone: string;
  serial: number;
  target: NotifyTarget;
  id: number;
  tries: number;
  timer: NodeJS.Timeout | null;
  check: ((reply: Buffer) => boolean) | null;
}

export interface NotifyStatus {
  target: string;
  zone: string;
  serial: number;
  acknowledgedAt: string | null;
  tries: number;
}

export class Notifier {
  private readonly pending = new Map<string, Pending>();
  private readonly sockets = new Map<'udp4' | 'udp6', dgram.Socket>();
  /** The last NOTIFY of each zone and target, for the dashboard and the tests. */
  readonly status = new Map<string, NotifyStatus>();
  private stopped = false;
  /** Called when a target acknowledges a NOTIFY (with rcode NOERROR), e.g. to watch it arrive. */
  onAcknowledged: ((zone: string, target: NotifyTarget, serial: number) => void) | null = null;

  constructor(
    private readonly targets: readonly NotifyTarget[],
    private readonly sign: NotifySigner,
    private readonly log: Logger,
  ) {}

  /** The last NOTIFY of `zone` to `target` since the start, if any. */
  lastNotify(zone: string, target: NotifyTarget): NotifyStatus | undefined {
    return this.status.get(`${zone}\0${target.host}\0${target.port}`);
  }

  get enabled(): boolean {
    return this.targets.length > 0;
  }

  /** Tells every target that `zone` (no trailing dot) has `serial` now. */
  notify(zone: string, serial: number): void {
    if (this.stopped) return;
    for (const target of this.targets) {
      const key = `${zone}\0${target.host}\0${target.port}`;
      const old = this.pending.get(key);
      if (old?.timer) clearTimeout(old.timer);
      const p: Pending = { zone, serial, target, id: 0, tries: 0, timer: null, check: null };
      this.pending.set(key, p);
      this.status.set(key, {
        target: `${target.host}:${target.port}`,
        zone,
        serial,
        acknowledgedAt: null,
        tries: 0,
      });
      this.send(key, p);
    }
  }

  private send(key: string, p: Pending): void {
    if (this.stopped || this.pending.get(key) !== p) return;
    if (p.tries >= MAX_TRIES) {
      this.pending.delete(key);
      this.log.warn(
        {
          zone: p.zone,
          serial: p.serial,
          target: `${p.target.host}:${p.target.port}`,
          tries: p.tries,
        },
        'NOTIFY not acknowledged; the secondary will find the change at its next refresh',
      );
      return;
    }
    p.tries++;
    p.id = randomInt(0, 0x10000);
    let msg = notifyMessage(p.id, p.zone);
    p.check = null;
    if (p.target.key) {
      const signed = this.sign(msg, p.target.key);
      if (!signed) {
        this.pending.delete(key);
        this.log.error({ key: p.target.key }, 'NOTIFY not sent: its TSIG key is not configured');
        return;
      }
      msg = signed.msg;
      p.check = signed.check;
    }
    const status = this.status.get(key);
    if (status) status.tries = p.tries;
    this.socket(p.target.host).send(msg, p.target.port, p.target.host);
    const wait = Math.min(FIRST_RETRY_MS * 2 ** (p.tries - 1), MAX_RETRY_MS);
    p.timer = setTimeout(() => this.send(key, p), wait);
    p.timer.unref();
  }

  private socket(host: string): dgram.Socket {
    const family = net.isIPv6(host) ? 'udp6' : 'udp4';
    let s = this.sockets.get(family);
    if (!s) {
      s = dgram.createSocket(family);
      s.on('message', (reply, rinfo) => this.onReply(reply, rinfo));
      s.on('error', (err) => this.log.warn({ err }, 'NOTIFY socket error'));
      s.unref();
      this.sockets.set(family, s);
    }
    return s;
  }

  private onReply(reply: Buffer, rinfo: dgram.RemoteInfo): void {
    if (reply.length < 12) return;
    const id = reply.readUInt16BE(0);
    const isNotifyAnswer = (reply[2]! & 0x80) !== 0 && ((reply[2]! >> 3) & 0x0f) === 4;
    for (const [key, p] of this.pending) {
      if (p.id !== id || p.target.port !== rinfo.port || !sameHost(p.target.host, rinfo.address))
        continue;
      // Two NOTIFYs waiting on one target may share an ID: the question says which zone it is.
      if (!asksFor(reply, p.zone)) continue;
      if (!isNotifyAnswer || (p.check && !p.check(reply))) return;
      const rcode = reply[3]! & 0x0f;
      if (p.timer) clearTimeout(p.timer);
      this.pending.delete(key);
      const status = this.status.get(key);
      if (rcode !== 0) {
        this.log.warn(
          { zone: p.zone, target: `${rinfo.address}:${rinfo.port}`, rcode },
          'NOTIFY refused',
        );
        return;
      }
      if (status) status.acknowledgedAt = new Date().toISOString();
      this.onAcknowledged?.(p.zone, p.target, p.serial);
      return;
    }
  }

  /** Resolves when nothing is waiting for an answer (tests), or after `ms`. */
  async settled(ms = 10_000): Promise<void> {
    const until = Date.now() + ms;
    while (this.pending.size && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  }

  stop(): void {
    this.stopped = true;
    for (const p of this.pending.values()) if (p.timer) clearTimeout(p.timer);
    this.pending.clear();
    for (const s of this.sockets.values()) s.close();
    this.sockets.clear();
  }
}

/** Whether the reply's question (echoed from the NOTIFY) names `zone`, in any letter case. */
function asksFor(reply: Buffer, zone: string): boolean {
  if (reply.readUInt16BE(4) !== 1) return false;
  const wire = nameWire(zone);
  const asked = reply.subarray(12, 12 + wire.length);
  return (
    asked.length === wire.length &&
    asked.toString('latin1').toLowerCase() === wire.toString('latin1')
  );
}

const sameHost = (a: string, b: string) => a === b || b === `::ffff:${a}`;

/** A NOTIFY for `zone`: opcode 4, AA, the question (zone, SOA, IN) and no records. */
export function notifyMessage(id: number, zone: string): Buffer {
  // No SOA in the answer section: it is a hint only (RFC 1996 3.7), secondaries ask anyway.
  const h = Buffer.alloc(12);
  h.writeUInt16BE(id, 0);
  h[2] = (4 << 3) | 0x04;
  h.writeUInt16BE(1, 4);
  const q = Buffer.alloc(4);
  q.writeUInt16BE(6, 0);
  q.writeUInt16BE(1, 2);
  return Buffer.concat([h, nameWire(zone), q]);
}
