// `npm run bench:api`: requests per second and latency of the reference service, measured with
// autocannon against a real server process on a fresh data directory.
// Budgets (2-core machine): list 1000 records of a 10,000-record zone p50 < 15 ms;
// >= 1,000 record creates per second from 16 concurrent clients (each write journaled); a
// 10,000-operation batch <= 2 s; the history's first page of 100,000 changes p50 < 20 ms.
// BENCH_ONLY=journal runs only the journal's cases and the creates. The creates run on SQLite
// and on a throwaway PostgreSQL cluster (fsync on), side by side; BENCH_PG=off skips the latter,
// BENCH_ONLY=creates runs only these two.
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnServer, waitForExit } from '../src/server/test-support/process';
import { seedZone } from '../src/server/test-support/seed';
import { batchCase, historyCase } from './journal-cases';
import { createCase } from './create-case';
import { postgresCreateCase } from './postgres-case';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const JOURNAL_ONLY = process.env.BENCH_ONLY === 'journal';
const CREATES_ONLY = process.env.BENCH_ONLY === 'creates';
type Api = Parameters<typeof batchCase>[0];

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  budget?: string;
}

export type Measure = typeof measure;

async function measure(
  name: string,
  opts: autocannon.Options,
  budget?: (r: Row) => string,
): Promise<Row> {
  const result = await autocannon({ duration: DURATION, ...opts });
  const errors = result.errors + result.timeouts + result.non2xx;
  const row: Row = {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
  if (budget) row.budget = budget(row);
  return row;
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-'));
  // API_RATE_LIMIT=0: it seeds and measures at full speed with one key, on purpose.
  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' });
  const headers = {
    Authorization: `Bearer ${server.signInKey}`,
    'Content-Type': 'application/json',
  };
  const api = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(server.url + p, {
      method,
      headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: { id: string } };
  };
  try {
    const createZone = (await api('POST', '/v1/zones', { name: 'bench-create.example' })).data.id;
    const rows: Row[] = [];
    rows.push(
      await createCase(measure, server.url, headers, createZone, 'create record (16 clients)'),
    );
    // The same load on PostgreSQL (fsync on), for the figures side by side (ADR 0019).
    if (process.env.BENCH_PG !== 'off') rows.push(await postgresCreateCase(measure));
    if (!CREATES_ONLY) {
      rows.push(await batchCase(api));
      if (!JOURNAL_ONLY) rows.push(...(await otherCases(server.url, headers, api)));
      rows.push(await historyCase(DURATION));
    }
    report(rows);
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Lists of a 10,000-record zone seeded through the API, then of a 100,000-record zone. */
async function otherCases(url: string, headers: Record<string, string>, api: Api) {
  const rows: Row[] = [];
  const server = { url };
  const listZone = (await api('POST', '/v1/zones', { name: 'bench-list.example' })).data.id;
  process.stdout.write('Seeding 10,000 records through the API…\n');
  const seeded = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < 10_000) {
        const i = next++;
        await api('POST', `/v1/zones/${listZone}/records`, {
          name: `host${i % 2500}`,
          type: 'A',
          content: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
        });
      }
    }),
  );
  process.stdout.write(`  seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`);

  for (const [label, offset] of [
    ['list 1000 of 10,000 (offset 0)', 0],
    ['list 1000 of 10,000 (offset 9000)', 9000],
  ] as const) {
    rows.push(
      await measure(
        label,
        {
          url: `${server.url}/v1/zones/${listZone}/records?limit=1000&offset=${offset}`,
          connections: 1,
          headers,
        },
        (r) => (r.p50 < 15 ? 'ok (p50 < 15 ms)' : 'OVER BUDGET (p50 >= 15 ms)'),
      ),
    );
  }
  rows.push(
    await measure('get zone (16 clients)', {
      url: `${server.url}/v1/zones/${listZone}`,
      connections: 16,
      headers,
    }),
  );
  rows.push(...(await largeZone()));
  return rows;
}

function report(rows: Row[]) {
  process.stdout.write(
    `\nZonedeck API benchmark (${DURATION} s per case, ${os.cpus().length} cores, Node ${process.version})\n`,
  );
  process.stdout.write(
    `${'case'.padEnd(36)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}  budget\n`,
  );
  for (const r of rows) {
    process.stdout.write(
      `${r.name.padEnd(36)}${r.rps.toFixed(0).padStart(9)}${r.p50.toFixed(1).padStart(9)}${r.p99.toFixed(1).padStart(9)}${String(r.errors).padStart(8)}  ${r.budget ?? ''}\n`,
    );
  }
}

/** Lists of a 100,000-record zone (seeded into the data directory before the server starts). */
async function largeZone(): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-large-'));
  process.stdout.write('Seeding a 100,000-record zone…\n');
  const key = await seedZone(dir, 'large.example', 100_000, (i) => ({
    name: `h${i}.large.example.`,
    type: 'A',
    content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  }));
  const server = await spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' });
  const headers = { Authorization: `Bearer ${key}` };
  try {
    const zones = (await (await fetch(`${server.url}/v1/zones`, { headers })).json()) as {
      data: { zones: { id: string }[] };
    };
    const zoneId = zones.data.zones[0]!.id;
    const rows: Row[] = [];
    for (const offset of [0, 50_000, 99_000]) {
      rows.push(
        await measure(
          `list 1000 of 100,000 (offset ${offset.toLocaleString('en')})`,
          {
            url: `${server.url}/v1/zones/${zoneId}/records?limit=1000&offset=${offset}`,
            connections: 1,
            headers,
          },
          (r) => (r.p50 < 15 ? 'ok (p50 < 15 ms)' : 'OVER BUDGET (p50 >= 15 ms)'),
        ),
      );
    }
    const rss =
      Number(
        /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, 'utf8'))?.[1],
      ) / 1024;
    process.stdout.write(
      `server RSS with 100,000 records served: ${rss.toFixed(0)} MB ${rss < 400 ? '(ok, < 400 MB)' : '(OVER BUDGET, >= 400 MB)'}\n`,
    );
    return rows;
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`bench:api failed: ${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
