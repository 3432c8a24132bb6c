// `npm run backup` beside a running server under write load: the copy, started as a new data
// directory, holds every write acknowledged before the backup began, and is a sound database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runScript, spawnServer, waitForExit, type ServerProcess } from '../test-support/process';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-backup-'));
const dataDir = path.join(tmp, 'live');
const restoredDir = path.join(tmp, 'restored');
const backupFile = path.join(tmp, 'copy.db');
// The writers go as fast as they can: the per-key rate limit would only slow the test.
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await waitForExit(s.child);
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

const backup = (...args: string[]) => runScript('backup', dataDir, args);

async function call(url: string, key: string, method: string, p: string, body?: unknown) {
  const res = await fetch(url + p, {
    method,
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test boundary
  return { status: res.status, body: (await res.json()) as any };
}

async function allContents(url: string, key: string, zoneId: string): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let offset = 0; offset < 100_000; offset += 1000) {
    const page = await call(
      url,
      key,
      'GET',
      `/v1/zones/${zoneId}/records?limit=1000&offset=${offset}`,
    );
    expect(page.status).toBe(200);
    for (const r of page.body.data.records as { content: string }[]) seen.add(r.content);
    if (!page.body.data.pagination.has_more) break;
  }
  return seen;
}

describe('backup CLI', () => {
  it('copies the database under write load; the copy restores every acknowledged write', async () => {
    const live = await spawnServer({ DATA_DIR: dataDir, API_RATE_LIMIT: '0' });
    servers.push(live);
    const key = live.signInKey!;
    const zone = await call(live.url, key, 'POST', '/v1/zones', { name: 'backup.example' });
    expect(zone.status).toBe(201);
    const zoneId = zone.body.data.id as string;

    // Four writers create records until told to stop (or a bound on the count is reached).
    const acknowledged: string[] = [];
    let n = 0;
    let stop = false;
    const writer = async () => {
      while (!stop && n < 20_000) {
        const content = `10.${Math.floor(n / 62500)}.${Math.floor(n / 250) % 250}.${n++ % 250}`;
        const r = await call(live.url, key, 'POST', `/v1/zones/${zoneId}/records`, {
          name: 'host',
          type: 'A',
          content,
        });
        if (r.status === 201) acknowledged.push(content);
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    for (let i = 0; i < 2000 && acknowledged.length < 100; i++)
      await new Promise((r) => setTimeout(r, 10));

    const before = [...acknowledged]; // every write acknowledged before the backup started
    const result = await backup(backupFile);
    const duringBackup = acknowledged.length - before.length;
    stop = true;
    await Promise.all(writers);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Backed up .+ to .+copy\.db: \d+ bytes, 1 zone, \d+ records/);
    expect(before.length).toBeGreaterThanOrEqual(100);
    expect(duringBackup).toBeGreaterThan(0); // the server kept writing while the copy was taken
    expect(fs.statSync(backupFile).mode & 0o777).toBe(0o600);
    const copy = new SQLite(backupFile, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();

    // Restore as the README says: the copy becomes zonedeck.db of a data directory.
    fs.mkdirSync(restoredDir, { mode: 0o700 });
    fs.copyFileSync(backupFile, path.join(restoredDir, 'zonedeck.db'));
    const restored = await spawnServer({ DATA_DIR: restoredDir, API_RATE_LIMIT: '0' });
    servers.push(restored);
    expect(restored.signInKey).toBeNull(); // the key and its customer came with the copy
    const stored = await allContents(restored.url, key, zoneId);
    expect(before.filter((c) => !stored.has(c))).toEqual([]);
  }, 120_000);

  it('refuses to replace an existing file unless --force is given', async () => {
    fs.writeFileSync(backupFile, 'keep me');
    const refused = await backup(backupFile);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${backupFile} exists; pass --force to replace it.`);
    expect(fs.readFileSync(backupFile, 'utf8')).toBe('keep me');

    const forced = await backup(backupFile, '--force');
    expect(forced.code).toBe(0);
    const copy = new SQLite(backupFile, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    expect(fs.readdirSync(tmp).filter((f) => f.includes('.partial-'))).toEqual([]);
  }, 60_000);
});
