// bench:api cases of the change journal: a 10,000-operation batch, and the first page of the
// history of a zone with 100,000 changes (seeded into the data directory before the start).
import autocannon from 'autocannon';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BATCH_MAX_OPERATIONS } from '../src/shared/api/changes';
import { openStore } from '../src/server/store/db';
import { spawnServer, waitForExit } from '../src/server/test-support/process';
import { seedChanges, seedZone } from '../src/server/test-support/seed';

export interface CaseRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  budget?: string;
}

type Api = (method: string, p: string, body?: unknown) => Promise<{ data: { id: string } }>;

/** Times batches of BATCH_MAX_OPERATIONS creates, each into a new zone, one at a time. */
export async function batchCase(api: Api): Promise<CaseRow> {
  const times: number[] = [];
  for (let run = 0; run < 3; run++) {
    const zone = (await api('POST', '/v1/zones', { name: `bench-batch-${run}.example` })).data.id;
    const operations = Array.from({ length: BATCH_MAX_OPERATIONS }, (_, i) => ({
      op: 'create',
      name: `b${i}`,
      type: i % 2 ? 'TXT' : 'A',
      content: i % 2 ? `"v=${i}"` : `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }));
    const started = performance.now();
    await api('POST', `/v1/zones/${zone}/records/batch`, { operations });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = times[1]!;
  return {
    name: `batch of ${BATCH_MAX_OPERATIONS.toLocaleString('en')} creates`,
    rps: 1000 / p50,
    p50,
    p99: times[2]!,
    errors: 0,
    budget: p50 <= 2000 ? 'ok (<= 2 s)' : 'OVER BUDGET (> 2 s)',
  };
}

/** GET the first page of the history of a zone with 100,000 changes. */
export async function historyCase(duration: number): Promise<CaseRow> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-history-'));
  process.stdout.write('Seeding a zone with 100,000 changes…\n');
  const key = await seedZone(dir, 'history.example', 0, () => ({
    name: '',
    type: '',
    content: '',
  }));
  const store = await openStore(dir);
  const zone = await store.db.selectFrom('zones').select('id').executeTakeFirstOrThrow();
  await seedChanges(store.db, zone.id, 100_000);
  await store.close();
  const server = await spawnServer({ DATA_DIR: dir, LOG_LEVEL: 'warn', API_RATE_LIMIT: '0' });
  try {
    const r = await autocannon({
      duration,
      url: `${server.url}/v1/zones/${zone.id}/changes`,
      connections: 1,
      headers: { Authorization: `Bearer ${key}` },
    });
    const p50 = r.latency.p50;
    return {
      name: 'history page 1 of 100,000 changes',
      rps: r.requests.average,
      p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
      budget: p50 < 20 ? 'ok (p50 < 20 ms)' : 'OVER BUDGET (p50 >= 20 ms)',
    };
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
