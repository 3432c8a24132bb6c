// On PostgreSQL (with fsync on, as in production): an acknowledged write survives kill -9 of the
// node, and then of PostgreSQL itself (crash recovery from its WAL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, killUnderWrites, missingFrom } from './test-support/kill-under-writes';
import { startPgCluster, type PgCluster } from './test-support/pg-cluster';
import { spawnServer, waitForExit } from './test-support/process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-durability-pg-'));
let cluster: PgCluster;
beforeAll(async () => {
  cluster = await startPgCluster({ fsync: true });
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('durability on PostgreSQL', () => {
  it('keeps every acknowledged write after SIGKILL of the node, then of PostgreSQL', async () => {
    const env = { DATA_DIR: dataDir, DATABASE_URL: cluster.url };
    const first = await spawnServer(env);
    const key = first.signInKey!;
    expect(key).toMatch(/^zd_/);
    const zone = await call(first.url, key, 'POST', '/v1/zones', { name: 'durable.example' });
    expect(zone.status).toBe(201);
    const zoneId = zone.body.data.id as string;

    const acknowledged = await killUnderWrites(first, key, zoneId, 150);
    const second = await spawnServer(env);
    let more: string[];
    try {
      expect(second.signInKey).toBeNull(); // not a first start: the data is there
      expect(await missingFrom(second.url, key, zoneId, acknowledged)).toEqual([]);
      // Now PostgreSQL dies too: the node killed under new writes, then the database.
      more = await killUnderWrites(second, key, zoneId, 100);
      await cluster.crash();
    } finally {
      second.child.kill('SIGKILL');
      await waitForExit(second.child);
    }
    await cluster.start();
    const third = await spawnServer(env);
    try {
      expect(await missingFrom(third.url, key, zoneId, more)).toEqual([]);
      expect(more.length).toBeGreaterThanOrEqual(100);
    } finally {
      third.child.kill('SIGTERM');
      await waitForExit(third.child);
    }
  }, 120_000);
});
