// `npm run bench:transfer`: zone transfers from a real server process to real secondaries.
// 1. AXFR of a 100,000-record signed zone to a fresh Knot secondary, from us and, in the same
//    run, from a Knot primary serving the very zone we transfer (our AXFR, signatures and all).
//    Budget: ours within 2x of Knot's. Before it: how long signing the whole zone takes.
// 2. Change-to-served latency (bench/transfer-latency.ts) on Knot, NSD and BIND. Budget: p50
//    under 1 s.
// Every daemon and temporary directory is removed at the end, on failure and on Ctrl-C too.
// BENCH_ONLY=knot leaves out NSD and BIND; BENCH_UNSIGNED=1 transfers the zone unsigned.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startKnotPrimary } from '../src/server/test-support/knot-primary';
import { startSecondary, type SecondaryKind } from '../src/server/test-support/secondaries';
import type { Endpoint } from '../src/server/test-support/secondary';
import { freePort } from '../src/server/test-support/secondary-daemon';
import { seedZone } from '../src/server/test-support/seed';
import { soaPoller } from '../src/server/test-support/soa-poll';
import { knotReference, latencyCase } from './transfer-latency';
import {
  askSerial,
  atEnd,
  cleanUp,
  fmt,
  KEY,
  knotLogged,
  say,
  startServer,
  ZONE,
  type Run,
} from './transfer-support';
import { largeZoneRow } from './large-zone-rows';

const RECORDS = 100_000;
const ROUNDS = 3;
const CHANGES: Record<SecondaryKind, number> = { knot: 100, nsd: 30, bind: 30 };
const KINDS: SecondaryKind[] =
  process.env.BENCH_ONLY === 'knot' ? ['knot'] : ['knot', 'nsd', 'bind'];

const SIGNED = process.env.BENCH_UNSIGNED !== '1';
const seedRow = (i: number) => largeZoneRow(ZONE, i);
const exec = promisify(execFile);

/** The zone as an AXFR from `port` gives it (TSIG-signed request), as a zone file. */
async function axfrText(port: number): Promise<string> {
  const { stdout } = await exec(
    '/usr/bin/dig',
    [
      '@127.0.0.1',
      '-p',
      String(port),
      '-y',
      `hmac-sha256:${KEY.name}:${KEY.secret}`,
      '+onesoa',
      '+time=300',
      ZONE,
      'AXFR',
    ],
    { maxBuffer: 1 << 30 },
  ).catch(() => ({ stdout: '' }));
  // Each message's TSIG record is printed too: it is not part of the zone.
  return stdout
    .split('\n')
    .filter((l) => !/\sANY\s+TSIG\s/.test(l))
    .join('\n');
}

/** The server process's resident memory (Linux), MB. */
function rssMb(pid: number | undefined): string {
  const status = pid ? fs.readFileSync(`/proc/${pid}/status`, 'utf8') : '';
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return `${(kb / 1024).toFixed(0)} MB`;
}

/** Switches DNSSEC on; the time until the first AXFR of the signed zone is complete. */
async function signZone(run: Run): Promise<string> {
  const before = rssMb(run.server.child.pid);
  const res = await fetch(`${run.server.url}/v1/zones/${run.zoneId}/dnssec/status`, {
    method: 'PATCH',
    headers: run.headers,
    body: JSON.stringify({ enabled: true }),
  });
  if (!res.ok) throw new Error(`DNSSEC on: ${res.status} ${await res.text()}`);
  const started = performance.now();
  const text = await axfrText(run.dnsPort);
  if (!/\sRRSIG\s/.test(text)) throw new Error(`the AXFR is not signed:\n${text.slice(0, 500)}`);
  say(
    `Signing the ${RECORDS.toLocaleString('en')}-record zone whole for transfer (DNSSEC switched on until the first AXFR is complete): ${fmt(performance.now() - started)}`,
  );
  say(
    `  server memory (RSS) before ${before}, with the signed form kept ${rssMb(run.server.child.pid)}`,
  );
  return text;
}

/** Starts a fresh Knot secondary of `primary`; ms from its start until it answers `serial`. */
async function firstTransfer(primary: Endpoint, serial: number): Promise<[number, string]> {
  const started = performance.now();
  const secondary = await startSecondary('knot', { primary, zones: [ZONE], tsig: KEY });
  const destroy = atEnd(() => secondary.destroy());
  const poller = soaPoller(secondary.port);
  try {
    await poller.waitFor(ZONE, serial, 180_000);
    return [performance.now() - started, knotLogged(secondary)];
  } finally {
    poller.close();
    await destroy();
  }
}

async function axfrCase(ours: Endpoint, zoneFile: string, serial: number) {
  const knot = await startKnotPrimary({ zones: { [ZONE]: zoneFile }, tsig: KEY });
  const destroyKnot = atEnd(() => knot.destroy());
  await knot.waitForSerial(ZONE, serial, 120_000);
  const times = { ours: [] as number[], knot: [] as number[] };
  say(
    `AXFR of ${RECORDS.toLocaleString('en')} records (TSIG) to a fresh Knot secondary, from its start until it answers the serial:`,
  );
  for (let r = 0; r < ROUNDS; r++) {
    // Alternating, and which goes first alternates too: neither always meets a warm machine.
    const order = r % 2 ? (['knot', 'ours'] as const) : (['ours', 'knot'] as const);
    for (const who of order) {
      const [ms, logged] = await firstTransfer(who === 'ours' ? ours : knot, serial);
      times[who].push(ms);
      const label = who === 'ours' ? 'Zonedeck' : 'Knot primary';
      say(`  round ${r + 1}, from ${label.padEnd(12)} ${fmt(ms).padStart(8)}  (${logged})`);
    }
  }
  await destroyKnot();
  const best = (xs: number[]) => Math.min(...xs);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const ratio = best(times.ours) / best(times.knot);
  say(`  from Zonedeck      best ${fmt(best(times.ours))}, median ${fmt(median(times.ours))}`);
  say(`  from Knot primary  best ${fmt(best(times.knot))}, median ${fmt(median(times.knot))}`);
  say(
    `  Zonedeck / Knot: best ${ratio.toFixed(2)}x, median ${(median(times.ours) / median(times.knot)).toFixed(2)}x  ${ratio <= 2 ? 'ok (<= 2x Knot)' : 'OVER BUDGET (> 2x Knot)'}`,
  );
  say(
    `  (the zone ${SIGNED ? 'signed: RRSIG and NSEC records too' : 'unsigned (BENCH_UNSIGNED=1)'})`,
  );
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-transfer-'));
  atEnd(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  say(`Seeding a ${RECORDS.toLocaleString('en')}-record zone…`);
  const key = await seedZone(dataDir, ZONE, RECORDS, seedRow);
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const base = { dataDir, dnsPort: await freePort(), headers, zoneId: '' };
  const server = await startServer(base);
  const list = await fetch(`${server.url}/v1/zones`, { headers });
  const zones = (await list.json()) as { data: { zones: { id: string }[] } };
  let run: Run = { ...base, server, zoneId: zones.data.zones[0]!.id };
  let zoneFile: string;
  if (SIGNED) {
    zoneFile = await signZone(run);
  } else {
    const res = await fetch(`${server.url}/v1/zones/${run.zoneId}/export`, { headers });
    zoneFile = await res.text();
    if (!res.ok) throw new Error(`export: ${res.status} ${zoneFile.slice(0, 200)}`);
  }
  const serial = await askSerial(run.dnsPort);
  if (serial === null) throw new Error(`the server does not answer the SOA of ${ZONE}`);

  await axfrCase({ host: '127.0.0.1', port: run.dnsPort }, zoneFile, serial);
  say(
    "Change to served: from the API's answer (knotc's commit) until the secondary answers the serial:",
  );
  for (const kind of KINDS) run = await latencyCase(run, kind, CHANGES[kind]);
  await knotReference(zoneFile, serial, 30);
  say(`(${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()})`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
main()
  .catch((e: unknown) => {
    process.stderr.write(`bench:transfer failed: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  })
  .finally(() => cleanUp());
