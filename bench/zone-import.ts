// `npm run bench:import`: zone-file export and import of a 100,000-record zone against a real
// server process. Budgets (2-core machine): parse and diff a 100,000-record file against the
// 100,000-record zone <= 3 s (the dry run's request, answer included); export <= 2 s, streamed
// (the server's memory does not grow with the zone).
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, waitForExit } from '../src/server/test-support/process';
import { seedZone } from '../src/server/test-support/seed';
import { largeZoneRow } from './large-zone-rows';

const ZONE = 'import.example';
const RECORDS = 100_000;
const ROUNDS = 3;

const seedRow = (i: number) => largeZoneRow(ZONE, i);

/**
 * An SOA query to the server's DNS every 2 ms while the bench runs: how slow the answers got
 * while a large import or export had the server busy (its work runs in slices, slices.ts).
 */
async function dnsProbe(port: number, zone: string) {
  const sock = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', () => resolve()));
  const labels = zone
    .split('.')
    .map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l)]));
  const query = Buffer.concat([
    Buffer.from([0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0]),
    ...labels,
    Buffer.from([0, 0, 6, 0, 1]),
  ]);
  const sentAt = new Map<number, number>();
  let slowest = 0;
  let answers = 0;
  let firstAnswer: () => void = () => {};
  const answering = new Promise<void>((resolve) => (firstAnswer = resolve));
  sock.on('message', (m) => {
    firstAnswer();
    const t = sentAt.get(m.readUInt16BE(0));
    if (t === undefined) return;
    sentAt.delete(m.readUInt16BE(0));
    answers++;
    slowest = Math.max(slowest, performance.now() - t);
  });
  let id = 0;
  const timer = setInterval(() => {
    id = (id + 1) & 0xffff;
    query.writeUInt16BE(id, 0);
    sentAt.set(id, performance.now());
    sock.send(query, port, '127.0.0.1');
  }, 2);
  // The server answers once its DNS view is loaded, a few seconds after it started.
  await answering;
  return {
    /** Starts counting anew. */
    reset() {
      sentAt.clear();
      slowest = 0;
      answers = 0;
    },
    /** What was answered since the reset. */
    report(): string {
      return `DNS meanwhile: ${answers} answers, the slowest ${slowest.toFixed(0)} ms`;
    },
    stop() {
      clearInterval(timer);
      sock.close();
    },
  };
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-import-'));
  process.stdout.write(`Seeding a ${RECORDS.toLocaleString('en')}-record zone…\n`);
  const key = await seedZone(dir, ZONE, RECORDS, seedRow);
  // RRL off: the DNS probe below asks 500 times a second from one address.
  const server = await spawnServer({
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    API_RATE_LIMIT: '0',
    DNS_RRL_RATE: '0',
  });
  const pid = server.child.pid!;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const say = (s: string) => process.stdout.write(`${s}\n`);
  try {
    const zones = (await (await fetch(`${server.url}/v1/zones`, { headers })).json()) as {
      data: { zones: { id: string }[] };
    };
    const zoneId = zones.data.zones[0]!.id;
    const probe = await dnsProbe(server.dnsPort, ZONE);

    // Export: wall time of the whole download, and the server's peak RSS while it streams.
    let file = '';
    const exportMs: number[] = [];
    let peakGrowth = 0;
    probe.reset();
    for (let r = 0; r < ROUNDS; r++) {
      const base = rssMb(pid);
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
      const t = performance.now();
      const res = await fetch(`${server.url}/v1/zones/${zoneId}/export`, { headers });
      file = await res.text();
      exportMs.push(performance.now() - t);
      clearInterval(sampler);
      peakGrowth = Math.max(peakGrowth, peak - base);
      if (!res.ok) throw new Error(`export: ${res.status} ${file.slice(0, 200)}`);
    }
    const exportBest = Math.min(...exportMs);
    say(
      `export of ${RECORDS.toLocaleString('en')} records (${(file.length / 1e6).toFixed(1)} MB)  best ${exportBest.toFixed(0)} ms (${exportMs.map((m) => m.toFixed(0)).join(', ')})  ${exportBest <= 2000 ? 'ok (<= 2 s)' : 'OVER BUDGET (> 2 s)'}`,
    );
    say(
      `server RSS growth while exporting: at most ${peakGrowth.toFixed(0)} MB; ${probe.report()}`,
    );

    // The file edited as a migration would: 10 % of the values changed, 5 % removed, 5 % new.
    const edited: string[] = [];
    let n = 0;
    for (const line of file.split('\n')) {
      const m = /^(h\d+)\t(\d+)\tIN\tA\t(.*)$/.exec(line);
      const k = m ? n++ : -1;
      if (m && k % 6 === 0) edited.push(`${m[1]}\t${m[2]}\tIN\tA\t192.0.2.${k & 255}`);
      else if (m && k % 12 === 3) continue;
      else edited.push(line);
    }
    for (let i = 0; i < RECORDS / 20; i++)
      edited.push(`new${i}\t300\tIN\tA\t198.51.100.${i & 255}`);
    const editedFile = edited.join('\n');

    const dryRun = async (label: string, zoneFile: string, mode: 'merge' | 'replace') => {
      const ms: number[] = [];
      let counts = '';
      probe.reset();
      for (let r = 0; r < ROUNDS; r++) {
        const t = performance.now();
        const res = await fetch(`${server.url}/v1/zones/${zoneId}/import`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ zone_file: zoneFile, mode, dry_run: true }),
        });
        const body = (await res.json()) as {
          data: { rrset_counts: Record<string, number>; errors: unknown[] };
        };
        ms.push(performance.now() - t);
        if (!res.ok)
          throw new Error(`import ${label}: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
        const c = body.data.rrset_counts;
        counts = `+${c.added} ~${c.changed} -${c.removed} =${c.unchanged}, ${body.data.errors.length} errors`;
      }
      const best = Math.min(...ms);
      say(
        `${label.padEnd(44)} best ${best.toFixed(0).padStart(5)} ms (${ms.map((m) => m.toFixed(0)).join(', ')})  [${counts}]  ${best <= 3000 ? 'ok (<= 3 s)' : 'OVER BUDGET (> 3 s)'}`,
      );
      say(`  ${probe.report()}`);
    };
    await dryRun('dry run, own export (replace, nothing to do)', file, 'replace');
    await dryRun('dry run, edited file (merge)', editedFile, 'merge');
    await dryRun('dry run, edited file (replace)', editedFile, 'replace');

    probe.reset();
    const t = performance.now();
    const res = await fetch(`${server.url}/v1/zones/${zoneId}/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ zone_file: editedFile, mode: 'replace' }),
    });
    const applied = (await res.json()) as { data: { change_id: string } };
    if (!res.ok)
      throw new Error(`import apply: ${res.status} ${JSON.stringify(applied).slice(0, 400)}`);
    say(
      `apply the edited file (replace): ${(performance.now() - t).toFixed(0)} ms (one change); ${probe.report()}`,
    );
    probe.reset();
    const r2 = performance.now();
    const rv = await fetch(
      `${server.url}/v1/zones/${zoneId}/changes/${applied.data.change_id}/revert`,
      { method: 'POST', headers, body: '{}' },
    );
    if (!rv.ok) throw new Error(`revert: ${rv.status} ${await rv.text()}`);
    say(`revert that import: ${(performance.now() - r2).toFixed(0)} ms; ${probe.report()}`);
    probe.stop();
    say(`server RSS at the end: ${rssMb(pid).toFixed(0)} MB`);
    say(`(${os.cpus().length} cores, Node ${process.version}, ${new Date().toISOString()})`);
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:import failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
