// In-process figures for bench:dns: the CPU that RRL's bookkeeping adds to one UDP answer, what
// a usage count costs (with its top-names sketch), and why the query counters are plain numbers read at scrape time rather
// than a labelled inc().
// Measured in a loop of the real code, so they hold still on a busy machine where the server's
// whole CPU per query moves by more than the difference being measured.
import { DnsCounters } from '../src/server/dns/dns-counters';
import { Rrl, rrlClass, type RrlClass } from '../src/server/dns/rrl';
import { RrsetUsage } from '../src/server/dns/rrset-usage';
import { nameHash } from '../src/server/dns/space-saving';
import { UsageCounter } from '../src/server/dns/usage-counter';
import { createMetrics } from '../src/server/metrics';
import type { Db } from '../src/server/store/db';
import pino from 'pino';

function nsPer(count: number, fn: (i: number) => void): number {
  for (let i = 0; i < Math.min(count, 200_000); i++) fn(i); // warm up and compile
  const t0 = process.cpuUsage();
  for (let i = 0; i < count; i++) fn(i);
  const d = process.cpuUsage(t0);
  return ((d.user + d.system) * 1000) / count;
}

export function microFigures() {
  const rrl = new Rrl({
    rate: 1e9, // never limits: this measures the bookkeeping, not the dropping
    errorsRate: 1e9,
    slip: 2,
    windowSeconds: 15,
    ipv4Prefix: 24,
    ipv6Prefix: 56,
    tableSize: 100_000,
  });
  // 5,000 answers (as cache entries hold them) asked from 256 sources in 8 prefixes: 40,000
  // buckets, within the default table (a table that turns over constantly costs more).
  const classes: RrlClass[] = Array.from({ length: 5000 }, (_, i) =>
    rrlClass(`q|\x02h${i}\x05bench\x07example\x00|1`, false),
  );
  const sources = Array.from({ length: 256 }, (_, i) => `10.0.${i & 7}.${i}`);
  const now = Date.now();
  const rrlNs = nsPer(2_000_000, (i) => {
    // A fresh address string per query, as dgram gives one per datagram.
    const address = `${sources[i & 255]}`;
    rrl.check(address, classes[i % 5000]!, now + (i >> 10));
  });

  const metrics = createMetrics();
  const counters = new DnsCounters(metrics);
  const arrayNs = nsPer(5_000_000, (i) => counters.udp[i & 3]!++);
  const names = ['NOERROR', 'FORMERR', 'SERVFAIL', 'NXDOMAIN'];
  const incNs = nsPer(1_000_000, (i) =>
    metrics.dnsQueries.inc({ rcode: names[i & 3]!, transport: 'udp' }),
  );
  // A usage hit on the cells that 5,000 cached answers hold (never flushed: no database).
  const usage = new UsageCounter(null as unknown as Db, pino({ level: 'silent' }));
  const cells = Array.from({ length: 5000 }, (_, i) =>
    usage.cell('zone_bench', i & 1 ? 'A' : 'MX', i % 5 ? 'answer' : 'nxdomain'),
  );
  // Each cached answer's name, as the answer carries it: 5,000 names over 64 slots, so the
  // top-names sketch turns over on most hits (its worst case short of a junk flood).
  const qnames = Array.from({ length: 5000 }, (_, i) => `h${i}.bench.example`);
  const hashes = qnames.map(nameHash);
  const usageNs = nsPer(5_000_000, (i) => {
    const k = i % 5000;
    cells[k] = usage.hit(cells[k]!, qnames[k]!, Date.now(), hashes[k]);
  });
  // The same with the names of a day where 50 names take every query (all in the sketch).
  const usageHotNs = nsPer(5_000_000, (i) => {
    const k = i % 5000;
    cells[k] = usage.hit(cells[k]!, qnames[k % 50]!, Date.now(), hashes[k % 50]);
  });
  // What a hit cost before top names: the clock check and the increment.
  const sketchless = cells.map((c) => ({ ...c }));
  const cellsOnlyNs = nsPer(5_000_000, (i) => {
    const c = sketchless[i % 5000]!;
    if (Date.now() < c.until) c.n++;
  });
  // The per-RRset cell a cached answer also holds (ADR 0017): 5,000 RRsets' cells.
  const rrsets = new RrsetUsage(null as unknown as Db, pino({ level: 'silent' }));
  const rrCells = Array.from({ length: 5000 }, (_, i) =>
    rrsets.cell('zone_bench', `h${i}.bench.example.`, 'A'),
  );
  const rrsetNs = nsPer(5_000_000, (i) => {
    const k = i % 5000;
    rrCells[k] = rrsets.hit(rrCells[k]!);
  });
  return { rrlNs, arrayNs, incNs, usageNs, usageHotNs, cellsOnlyNs, rrsetNs };
}
