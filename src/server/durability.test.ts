// An acknowledged write survives kill -9: write while killing the server, restart, compare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, killUnderWrites, missingFrom } from './test-support/kill-under-writes';
import { spawnServer, waitForExit } from './test-support/process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-durability-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('durability', () => {
  it('keeps every acknowledged write after SIGKILL and restart', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    const key = first.signInKey!;
    expect(key).toMatch(/^zd_/);
    const zone = await call(first.url, key, 'POST', '/v1/zones', { name: 'durable.example' });
    expect(zone.status).toBe(201);
    const zoneId = zone.body.data.id as string;

    const acknowledged = await killUnderWrites(first, key, zoneId, 150);

    const second = await spawnServer({ DATA_DIR: dataDir });
    try {
      expect(second.signInKey).toBeNull(); // not a first start: the data is there
      expect(await missingFrom(second.url, key, zoneId, acknowledged)).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    } finally {
      second.child.kill('SIGTERM');
      await waitForExit(second.child);
    }
  }, 60_000);
});
