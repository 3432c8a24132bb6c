// A bounded UDP load generator for the DNS benchmark: either as fast as answers come back
// (a fixed number of queries in flight) or paced at a fixed rate, recording each latency.
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export interface LoadResult {
  sent: number;
  answered: number;
  seconds: number;
  latenciesMs: number[];
}

export function queryPackets(
  questions: { name: string; type: string }[],
  dnssecOk: boolean,
): Buffer[] {
  return questions.map((q) =>
    dnsPacket.encode({
      type: 'query',
      id: 0,
      flags: 0,
      questions: [{ name: q.name, type: q.type as dnsPacket.RecordType, class: 'IN' }],
      additionals: [
        {
          type: 'OPT',
          name: '.',
          udpPayloadSize: 1232,
          flags: dnssecOk ? dnsPacket.DNSSEC_OK : 0,
        } as dnsPacket.Answer,
      ],
    }),
  );
}

/**
 * Sends `packets` round-robin to host:port for `seconds`. With `qps`, paces sends at that rate;
 * without, keeps `inFlight` queries outstanding. Queries unanswered after 1 s count as lost.
 */
export async function runLoad(opts: {
  host: string;
  port: number;
  packets: Buffer[];
  seconds: number;
  qps?: number;
  inFlight?: number;
  /** Stop sending after this many queries (in-flight mode). */
  total?: number;
}): Promise<LoadResult> {
  const socket = dgram.createSocket('udp4');
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  socket.setRecvBufferSize(8 * 1024 * 1024);
  socket.setSendBufferSize(8 * 1024 * 1024);
  const sentAt = new Float64Array(65536);
  const latencies: number[] = [];
  let nextId = 0;
  let sent = 0;
  let answered = 0;
  let i = 0;
  const start = performance.now();
  const deadline = start + opts.seconds * 1000;

  const send = () => {
    const packet = Buffer.from(opts.packets[i++ % opts.packets.length]!);
    const id = nextId++ & 0xffff;
    packet.writeUInt16BE(id, 0);
    sentAt[id] = performance.now();
    sent++;
    socket.send(packet, opts.port, opts.host);
  };
  socket.on('message', (msg) => {
    const id = msg.readUInt16BE(0);
    const t = sentAt[id]!;
    if (!t) return;
    sentAt[id] = 0;
    answered++;
    latencies.push(performance.now() - t);
    if (!opts.qps && performance.now() < deadline && sent < (opts.total ?? Infinity)) send();
  });

  await new Promise<void>((resolve) => {
    if (opts.qps) {
      const perTick = opts.qps / 1000;
      let due = 0;
      const timer = setInterval(() => {
        const now = performance.now();
        if (now >= deadline) {
          clearInterval(timer);
          return resolve();
        }
        due = ((now - start) * perTick) | 0;
        while (sent < due) send();
      }, 1);
    } else {
      for (let k = 0; k < Math.min(opts.inFlight ?? 100, opts.total ?? Infinity); k++) send();
      // Lost queries shrink the window: top it up once a second.
      const refill = setInterval(() => {
        if (performance.now() >= deadline) {
          clearInterval(refill);
          return resolve();
        }
        if (opts.total !== undefined && answered >= opts.total) {
          clearInterval(refill);
          return resolve();
        }
        const now = performance.now();
        for (let id = 0; id < 65536; id++) {
          if (sentAt[id] && now - sentAt[id]! > 1000) {
            sentAt[id] = 0;
            if (sent < (opts.total ?? Infinity)) send();
          }
        }
      }, 1000);
    }
  });
  await new Promise((r) => setTimeout(r, 300)); // let the last answers arrive
  socket.close();
  return {
    sent,
    answered,
    seconds: (performance.now() - start - 300) / 1000,
    latenciesMs: latencies,
  };
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
