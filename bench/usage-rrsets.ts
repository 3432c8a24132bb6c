// `npm run bench:usage-rrsets`: how long GET /v1/zones/{id}/usage/rrsets takes for a zone of
// 100,000 RRsets (every one listed), half of them queried on each of 30 days, served by a real
// server process. Prints the time to the last byte and the body's size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addDays, utcDay } from '../src/shared/api';
import { openStore } from '../src/server/store/db';
import { addRrsetUsage, type RrsetCount } from '../src/server/store/usage-rrsets';
import { spawnServer, waitForExit } from '../src/server/test-support/process';
import { seedZone } from '../src/server/test-support/seed';

const RRSETS = Number(process.env.BENCH_RECORDS ?? 100_000);
const DAYS = 30;
const ZONE = 'rrsets.bench.example';

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-rrsets-'));
  const key = await seedZone(dataDir, ZONE, RRSETS, (i) => ({
    name: `h${i}.${ZONE}.`,
    type: 'A',
    content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
  }));
  const store = await openStore(dataDir);
  const zone = await store.db.selectFrom('zones').select('id').executeTakeFirstOrThrow();
  const today = utcDay(Date.now());
  const t0 = performance.now();
  for (let d = 0; d < DAYS; d++) {
    const day = addDays(today, -d);
    const rows: RrsetCount[] = [];
    for (let i = 0; i < RRSETS; i += 2)
      rows.push({
        zoneId: zone.id,
        name: `h${i}.${ZONE}.`,
        type: 'A',
        day,
        count: 1 + (i % 7),
        lastQueriedAt: `${day}T12:00:00.000Z`,
      });
    await addRrsetUsage(store.db, rows);
  }
  const writeMs = performance.now() - t0;
  await store.close();
  console.log(
    `Flush writes: ${DAYS} × ${RRSETS / 2} RRset rows in ${writeMs.toFixed(0)} ms (${((writeMs * 1000) / ((DAYS * RRSETS) / 2)).toFixed(2)} µs a row)`,
  );

  const server = await spawnServer({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < 5; round++) {
      const start = performance.now();
      const r = await fetch(`${server.url}/v1/zones/${zone.id}/usage/rrsets?days=30`, {
        headers: { Authorization: `Bearer ${key}` },
      });
      const body = await r.text();
      times.push(performance.now() - start);
      bytes = body.length;
      if (r.status !== 200) throw new Error(`status ${r.status}: ${body.slice(0, 200)}`);
      const n = (JSON.parse(body) as { data: { rrsets: unknown[] } }).data.rrsets.length;
      if (n !== RRSETS) throw new Error(`listed ${n} RRsets, expected ${RRSETS}`);
    }
    times.sort((a, b) => a - b);
    console.log(
      `GET usage/rrsets?days=30, ${RRSETS} RRsets (${(bytes / 1e6).toFixed(1)} MB): best ${times[0]!.toFixed(0)} ms, median ${times[2]!.toFixed(0)} ms of 5`,
    );
  } finally {
    server.child.kill('SIGTERM');
    await waitForExit(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
