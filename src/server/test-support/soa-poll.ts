// The serial a server answers for a zone's SOA, asked over UDP from Node (dns-packet): cheap
// enough to poll every few milliseconds, where a `dig` process per poll would cost more than
// the latency it measures.
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export interface SoaPoller {
  /** The serial `host:port` answers for `zone` (no recursion), null on no SOA or no answer. */
  serial(zone: string, timeoutMs?: number): Promise<number | null>;
  /** Polls every `intervalMs` until the serial is `serial` (or higher); throws after `timeoutMs`. */
  waitFor(zone: string, serial: number, timeoutMs: number, intervalMs?: number): Promise<void>;
  close(): void;
}

/** Serial arithmetic (RFC 1982): whether `a` is `b` or after it. */
export function serialAtLeast(a: number, b: number): boolean {
  return a === b || (a - b + 2 ** 32) % 2 ** 32 < 2 ** 31;
}

/** One UDP socket for many polls of `port` on `host`; answers are matched by id. */
export function soaPoller(port: number, host = '127.0.0.1'): SoaPoller {
  const sock = dgram.createSocket('udp4');
  const waiting = new Map<number, (answer: dnsPacket.Packet) => void>();
  let nextId = 1;
  sock.on('message', (msg) => {
    let answer: dnsPacket.Packet;
    try {
      answer = dnsPacket.decode(msg);
    } catch {
      return; // not a DNS message we can read: the poll times out and asks again
    }
    const resolve = answer.id === undefined ? undefined : waiting.get(answer.id);
    if (resolve) resolve(answer);
  });
  sock.unref();

  const serial = (zone: string, timeoutMs = 200): Promise<number | null> => {
    const id = nextId;
    nextId = (nextId % 0xffff) + 1;
    const name = zone.replace(/\.$/, '');
    const query = dnsPacket.encode({
      type: 'query',
      id,
      flags: 0,
      questions: [{ name, type: 'SOA', class: 'IN' }],
    });
    return new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        resolve(null);
      }, timeoutMs);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        waiting.delete(id);
        const soa = (answer.answers ?? []).find(
          (r): r is dnsPacket.Answer & { type: 'SOA' } =>
            r.type === 'SOA' && r.name.toLowerCase() === name.toLowerCase(),
        );
        // The low four bits of the flags are the RCODE; only NOERROR counts.
        resolve(((answer.flags ?? 0) & 0xf) === 0 && soa ? (soa.data.serial ?? null) : null);
      });
      sock.send(query, port, host, (err) => {
        if (err) {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(null);
        }
      });
    });
  };

  return {
    serial,
    async waitFor(zone, target, timeoutMs, intervalMs = 5) {
      const deadline = performance.now() + timeoutMs;
      let last: number | null = null;
      for (;;) {
        last = await serial(zone, Math.max(20, intervalMs * 4));
        if (last !== null && serialAtLeast(last, target)) return;
        if (performance.now() > deadline) {
          throw new Error(
            `${host}:${port} answers serial ${last} for ${zone}, not ${target}, after ${timeoutMs} ms`,
          );
        }
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    },
    close: () => sock.close(),
  };
}
