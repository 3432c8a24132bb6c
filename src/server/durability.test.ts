// An acknowledged write survives kill -9: write while killing the server, restart, compare.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, waitForExit } from './test-support/process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-durability-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function call(url: string, key: string, method: string, p: string, body?: unknown) {
  const res = await fetch(url + p, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: res.status,
    body: (await res.json()) as {
      data: Record<string, unknown> & { records?: { content: string }[] };
    },
  };
}

describe('durability', () => {
  it('keeps every acknowledged write after SIGKILL and restart', async () => {
    const first = await spawnServer({ DATA_DIR: dataDir });
    const key = first.signInKey!;
    expect(key).toMatch(/^zd_/);
    const zone = await call(first.url, key, 'POST', '/v1/zones', { name: 'durable.example' });
    expect(zone.status).toBe(201);
    const zoneId = zone.body.data.id as string;

    // Eight writers create records until the server dies under them.
    const acknowledged: string[] = [];
    let n = 0;
    const writer = async () => {
      for (;;) {
        const content = `10.0.${Math.floor(n / 250)}.${n++ % 250}`;
        try {
          const r = await call(first.url, key, 'POST', `/v1/zones/${zoneId}/records`, {
            name: 'host',
            type: 'A',
            content,
          });
          if (r.status === 201) acknowledged.push(content);
        } catch {
          return; // connection refused or reset: the server is gone
        }
      }
    };
    const writers = Array.from({ length: 8 }, writer);
    while (acknowledged.length < 150) await new Promise((r) => setTimeout(r, 5));
    first.child.kill('SIGKILL');
    await Promise.all(writers);
    await waitForExit(first.child);

    const second = await spawnServer({ DATA_DIR: dataDir });
    try {
      expect(second.signInKey).toBeNull(); // not a first start: the data is there
      const list = await call(second.url, key, 'GET', `/v1/zones/${zoneId}/records?limit=1000`);
      expect(list.status).toBe(200);
      const stored = new Set(list.body.data.records!.map((r) => r.content));
      const missing = acknowledged.filter((c) => !stored.has(c));
      expect(missing).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(150);
    } finally {
      second.child.kill('SIGTERM');
      await waitForExit(second.child);
    }
  }, 60_000);
});
