// The README's PostgreSQL backup, done as an operator would: pg_dump of a running node's
// database, pg_restore into an empty one, a node started on it serves the same zone, records,
// DNSSEC key (the same DS) and API key.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './test-support/kill-under-writes';
import { postgresBin, startPgCluster, type PgCluster } from './test-support/pg-cluster';
import { spawnServer, waitForExit, type ServerProcess } from './test-support/process';

const run = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-pg-restore-'));
let cluster: PgCluster;
const servers: ServerProcess[] = [];
beforeAll(async () => {
  cluster = await startPgCluster();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database live');
  await admin.query('create database restored');
  await admin.end();
}, 60_000);
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await waitForExit(s.child);
  }
  await cluster?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function start(database: string) {
  const dataDir = fs.mkdtempSync(path.join(tmp, 'node-'));
  const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: cluster.urlOf(database) });
  servers.push(server);
  return server;
}

/** What a user sees of the zone: its records and its DS. */
async function served(url: string, key: string, zoneId: string) {
  const records = await call(url, key, 'GET', `/v1/zones/${zoneId}/records?limit=100`);
  const ds = await call(url, key, 'GET', `/v1/zones/${zoneId}/dnssec/ds`);
  expect([records.status, ds.status]).toEqual([200, 200]);
  return { records: records.body.data.records, ds: ds.body.data.ds_records as unknown[] };
}

describe('PostgreSQL backup and restore', () => {
  it('pg_dump of a running node, pg_restore into an empty database: the same zone, keys and DS', async () => {
    const live = await start('live');
    const key = live.signInKey!;
    const zone = await call(live.url, key, 'POST', '/v1/zones', { name: 'restore.example' });
    expect(zone.status).toBe(201);
    const zoneId = zone.body.data.id as string;
    for (const content of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      const r = await call(live.url, key, 'POST', `/v1/zones/${zoneId}/records`, {
        name: 'www',
        type: 'A',
        content,
      });
      expect(r.status).toBe(201);
    }
    const on = await call(live.url, key, 'PATCH', `/v1/zones/${zoneId}/dnssec/status`, {
      enabled: true,
    });
    expect(on.status).toBe(200);
    const before = await served(live.url, key, zoneId);
    expect(before.ds.length).toBeGreaterThan(0);

    const dump = path.join(tmp, 'zonedeck.dump');
    const bin = postgresBin();
    await run(path.join(bin, 'pg_dump'), [
      '--format=custom',
      `--file=${dump}`,
      cluster.urlOf('live'),
    ]);
    await run(path.join(bin, 'pg_restore'), [
      '--no-owner',
      `--dbname=${cluster.urlOf('restored')}`,
      dump,
    ]);

    const restored = await start('restored');
    expect(restored.signInKey).toBeNull(); // not a first start: the keys came with the dump
    expect(await served(restored.url, key, zoneId)).toEqual(before);
    // The restored database takes writes: its journal's sequence came along too.
    const more = await call(restored.url, key, 'POST', `/v1/zones/${zoneId}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.4',
    });
    expect(more.status).toBe(201);
    const history = await call(restored.url, key, 'GET', `/v1/zones/${zoneId}/changes`);
    expect(history.status).toBe(200);
    expect((history.body.data.changes as unknown[]).length).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
