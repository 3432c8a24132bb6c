// `npm run bench:import`: zone-file export and import of a 100,000-record zone against a real
// server process. Budgets (2-core machine): parse and diff a 100,000-record file against the
// 100,000-record zone <= 3 s (the dry run's request, answer included); export <= 2 s, streamed
// (the server's memory does not grow with the zone).
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

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]) / 1024;
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-import-'));
  process.stdout.write(`Seeding a ${RECORDS.toLocaleString('en')}-record zone…\n`);
  const key = await seedZone(dir, ZONE, RECORDS, seedRow);
  const server = await spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' });
  const pid = server.child.pid!;
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  const say = (s: string) => process.stdout.write(`${s}\n`);
  try {
    const zones = (await (await fetch(`${server.url}/v1/zones`, { headers })).json()) as {
      data: { zones: { id: string }[] };
    };
    const zoneId = zones.data.zones[0]!.id;

    // Export: wall time of the whole download, and the server's peak RSS while it streams.
    let file = '';
    const exportMs: number[] = [];
    let peakGrowth = 0;
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
    say(`server RSS growth while exporting: at most ${peakGrowth.toFixed(0)} MB`);

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
    };
    await dryRun('dry run, own export (replace, nothing to do)', file, 'replace');
    await dryRun('dry run, edited file (merge)', editedFile, 'merge');
    await dryRun('dry run, edited file (replace)', editedFile, 'replace');

    const t = performance.now();
    const res = await fetch(`${server.url}/v1/zones/${zoneId}/import`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ zone_file: editedFile, mode: 'replace' }),
    });
    const applied = (await res.json()) as { data: { change_id: string } };
    if (!res.ok)
      throw new Error(`import apply: ${res.status} ${JSON.stringify(applied).slice(0, 400)}`);
    say(`apply the edited file (replace): ${(performance.now() - t).toFixed(0)} ms (one change)`);
    const r2 = performance.now();
    const rv = await fetch(
      `${server.url}/v1/zones/${zoneId}/changes/${applied.data.change_id}/revert`,
      { method: 'POST', headers, body: '{}' },
    );
    if (!rv.ok) throw new Error(`revert: ${rv.status} ${await rv.text()}`);
    say(`revert that import: ${(performance.now() - r2).toFixed(0)} ms`);
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
