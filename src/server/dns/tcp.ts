// DNS over TCP (RFC 7766) with the limits a public server needs: connections in all and per
// address, an idle limit that only a complete query resets (a trickle of bytes does not), a
// session limit, and backpressure: a client that does not read its answers is not read either,
// and is dropped if that lasts, so unread answers cannot pile up in memory.
import type net from 'node:net';
import type { Config } from '../config';
import type { Metrics } from '../metrics';

export interface TcpLimits {
  maxConnections: number;
  maxPerAddress: number;
  idleMs: number;
  sessionMs: number;
  /** How long a connection may stay stopped because its answers are not read. */
  stallMs: number;
}

export type TcpConfig = Pick<
  Config,
  | 'DNS_TCP_MAX_CONNECTIONS'
  | 'DNS_TCP_MAX_PER_ADDRESS'
  | 'DNS_TCP_IDLE_MS'
  | 'DNS_TCP_SESSION_MS'
  | 'DNS_TCP_STALL_MS'
>;

export function tcpLimits(c: TcpConfig): TcpLimits {
  return {
    maxConnections: c.DNS_TCP_MAX_CONNECTIONS,
    maxPerAddress: c.DNS_TCP_MAX_PER_ADDRESS,
    idleMs: c.DNS_TCP_IDLE_MS,
    sessionMs: c.DNS_TCP_SESSION_MS,
    stallMs: c.DNS_TCP_STALL_MS,
  };
}

export type TcpCloseReason =
  'max_connections' | 'per_address' | 'idle' | 'session' | 'backpressure' | 'oversize';

/**
 * The longest query accepted, well above any real one (a question, EDNS options, a cookie and
 * padding take under 1 KB): it caps the incomplete input held per connection.
 */
export const MAX_TCP_QUERY = 16_384;

const EMPTY: Buffer = Buffer.alloc(0);

export class TcpConnections {
  private readonly sockets = new Set<net.Socket>();
  private readonly perAddress = new Map<string, number>();

  constructor(
    private readonly limits: TcpLimits,
    /** The answer to a query: one message, none, or (a zone transfer) several, later. */
    private readonly answer: (msg: Buffer, address: string) => Buffer | null | Promise<Buffer[]>,
    private readonly metrics?: Metrics,
  ) {}

  get open(): number {
    return this.sockets.size;
  }

  accept(socket: net.Socket): void {
    socket.on('error', () => socket.destroy());
    const address = socket.remoteAddress ?? '';
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (this.sockets.size >= this.limits.maxConnections)
      return this.close(socket, 'max_connections');
    if (fromAddress >= this.limits.maxPerAddress) return this.close(socket, 'per_address');
    this.perAddress.set(address, fromAddress + 1);
    this.sockets.add(socket);
    this.metrics?.dnsTcpConnections.inc();
    this.serve(socket, address);
  }

  private close(socket: net.Socket, reason: TcpCloseReason): void {
    if (socket.destroyed) return;
    this.metrics?.dnsTcpRefused.inc({ reason });
    socket.destroy();
  }

  private serve(socket: net.Socket, address: string): void {
    const { idleMs, sessionMs, stallMs } = this.limits;
    let pending: Buffer = EMPTY;
    let lastQueryAt = Date.now();
    let stall: NodeJS.Timeout | undefined;
    let sentAtStall = 0;
    // Answers still draining (a zone transfer being read, a query waiting behind it) are not a
    // stall; answers that do not move at all are.
    const checkStall = () => {
      const sent = socket.bytesWritten - socket.writableLength;
      if (sent <= sentAtStall) return this.close(socket, 'backpressure');
      sentAtStall = sent;
      stall = setTimeout(checkStall, stallMs);
    };
    // One timer for idleness, re-armed only when it fires: a query costs a clock read, not a
    // timer reset (a socket timeout would also be reset by every byte of a trickle).
    let sentAtCheck = 0;
    const checkIdle = () => {
      // A long answer (a zone transfer) that the client is still reading is not idleness; one
      // it has stopped reading is.
      const sent = socket.bytesWritten - socket.writableLength;
      if (socket.writableLength > 0 && sent > sentAtCheck) lastQueryAt = Date.now();
      sentAtCheck = sent;
      const left = lastQueryAt + idleMs - Date.now();
      if (left <= 0) this.close(socket, 'idle');
      else idle = setTimeout(checkIdle, left);
    };
    let idle = setTimeout(checkIdle, idleMs);
    // At the session limit no further query is read. An answer still going out (a large zone
    // to a far secondary can take longer than the limit) is finished first, then the connection
    // ends; while it drains, the idle check above still drops a reader that stops.
    let expired = false;
    const session = setTimeout(() => {
      expired = true;
      pending = EMPTY;
      if (!transferring && socket.writableLength === 0) return this.close(socket, 'session');
      this.metrics?.dnsTcpRefused.inc({ reason: 'session' });
      socket.resume(); // what the client still sends is read and dropped, not left to reset
      if (!transferring) socket.end();
    }, sessionMs);

    socket.on('close', () => {
      clearTimeout(idle);
      clearTimeout(session);
      clearTimeout(stall);
      this.sockets.delete(socket);
      const n = (this.perAddress.get(address) ?? 1) - 1;
      if (n > 0) this.perAddress.set(address, n);
      else this.perAddress.delete(address);
      this.metrics?.dnsTcpConnections.dec();
    });

    const send = (out: Buffer) => {
      const frame = Buffer.allocUnsafe(2 + out.length);
      frame.writeUInt16BE(out.length, 0);
      out.copy(frame, 2);
      socket.write(frame);
    };
    // A transfer is answered asynchronously; the queries after it wait, so answers keep order.
    let transferring = false;
    let clientDone = false;
    const work = () => {
      if (expired) return;
      let answered = false;
      while (pending.length >= 2 && !transferring) {
        if (socket.writableNeedDrain) {
          // The client is not reading: stop reading it (its unread queries stay in the kernel's
          // buffers, not ours) until the answers drain, and drop it if they never do.
          socket.pause();
          if (!stall) {
            sentAtStall = socket.bytesWritten - socket.writableLength;
            stall = setTimeout(checkStall, stallMs);
          }
          socket.once('drain', resume);
          break;
        }
        const len = pending.readUInt16BE(0);
        if (len > MAX_TCP_QUERY) return this.close(socket, 'oversize');
        if (pending.length < 2 + len) break;
        const out = this.answer(pending.subarray(2, 2 + len), address);
        pending = pending.subarray(2 + len);
        answered = true;
        if (out instanceof Promise) {
          transferring = true;
          void out.then((messages) => {
            transferring = false;
            if (socket.destroyed) return;
            for (const m of messages) send(m);
            lastQueryAt = Date.now();
            if (expired) socket.end();
            else work();
          });
          break;
        }
        if (out) send(out);
      }
      if (answered) lastQueryAt = Date.now();
      if (!pending.length) pending = EMPTY;
      // The client has sent all it will: once every answer is out, end our side too.
      if (clientDone && !transferring && !socket.writableNeedDrain) socket.end();
    };
    const resume = () => {
      clearTimeout(stall);
      stall = undefined;
      if (socket.destroyed) return;
      socket.resume();
      work();
    };
    socket.on('data', (chunk: Buffer) => {
      if (expired) return;
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      work();
    });
    socket.on('end', () => {
      clientDone = true;
      if (expired) {
        if (!transferring) socket.end();
        return;
      }
      work();
    });
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}
