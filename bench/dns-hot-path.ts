// In-process figure for bench:dns: the JavaScript of one UDP answer from the cache (parse, cache
// lookup, freshness, RRL, counting, the answer's header), called in a loop on the bench's mix
// with a DnsServer over the seeded data, as the UDP handler calls it. No socket: what the kernel
// and Node's dgram cost is in the server's figures, not here.
import pino from 'pino';
import { loadConfig } from '../src/server/config';
import { DnsServer } from '../src/server/dns/server';
import { UsageCounter } from '../src/server/dns/usage-counter';
import { ViewStore } from '../src/server/dns/view-store';
import { openStore } from '../src/server/store/db';

/** ns per answered query, counting on and off, median of five passes of a million queries. */
export async function hotPathFigures(dataDir: string, packets: Buffer[]) {
  const store = await openStore(dataDir);
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DNS_RRL_RATE: '100000000',
      DNS_RRL_ERRORS_RATE: '100000000',
    });
    const log = pino({ level: 'silent' });
    const views = new ViewStore(store.db, config);
    await views.loadAll();
    let sink = 0;
    const copyNs = nsPer(1_000_000, (count) => {
      for (let i = 0; i < count; i++) sink += Buffer.from(packets[i % packets.length]!).length;
    });
    const passOf = (usage: UsageCounter | null) => {
      const dns = new DnsServer(views, usage, log, config);
      return (count: number) => {
        for (let i = 0; i < count; i++) {
          // A datagram of its own, as dgram hands each one over.
          const msg = Buffer.from(packets[i % packets.length]!);
          msg.writeUInt16BE(i & 0xffff, 0);
          const out = dns.answerUdp(msg, '127.0.0.1');
          if (out) sink += out.length;
        }
      };
    };
    const counted = passOf(new UsageCounter(store.db, log));
    const uncounted = passOf(null);
    // Every answer built and cached, the code compiled; then passes of each in turn.
    counted(packets.length * 3);
    uncounted(packets.length * 3);
    const on: number[] = [];
    const off: number[] = [];
    for (let r = 0; r < 5; r++) {
      on.push(nsPer(1_000_000, counted) - copyNs);
      off.push(nsPer(1_000_000, uncounted) - copyNs);
    }
    const median = (xs: number[]) => (sink > 0 ? xs.sort((a, b) => a - b)[2]! : NaN);
    return { countedNs: median(on), uncountedNs: median(off) };
  } finally {
    await store.close();
  }
}

function nsPer(count: number, run: (count: number) => void): number {
  const t0 = process.cpuUsage();
  run(count);
  const d = process.cpuUsage(t0);
  return ((d.user + d.system) * 1000) / count;
}
