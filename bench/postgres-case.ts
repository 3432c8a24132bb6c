// The record-create case on PostgreSQL: a throwaway cluster with fsync on (acknowledged writes
// durable, as on SQLite), one server process on it, the same 16 clients.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgCluster } from '../src/server/test-support/pg-cluster';
import { spawnServer, waitForExit } from '../src/server/test-support/process';
import type { Measure } from './api';
import { createCase } from './create-case';

export async function postgresCreateCase(measure: Measure) {
  const cluster = await startPgCluster({ fsync: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-bench-pg-'));
  try {
    const server = await spawnServer({
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT: '0',
    });
    try {
      const headers = {
        Authorization: `Bearer ${server.signInKey}`,
        'Content-Type': 'application/json',
      };
      const res = await fetch(`${server.url}/v1/zones`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'bench-create.example' }),
      });
      const zoneId = ((await res.json()) as { data: { id: string } }).data.id;
      return await createCase(
        measure,
        server.url,
        headers,
        zoneId,
        'create record (16 clients, PostgreSQL)',
      );
    } finally {
      server.child.kill('SIGTERM');
      await waitForExit(server.child);
    }
  } finally {
    await cluster.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
