// The operator's key command, run as the decisions file documents it: `npm run --silent apikey`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { loadConfig } from '../config';
import { startService, type RunningService } from '../server';
import { openStore, type OpenedStore } from '../store/db';
import { runScript } from '../test-support/process';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-cli-'));

const apikey = (...args: string[]) => runScript('apikey', dataDir, args);
const lastLine = (s: string) => s.trim().split('\n').at(-1)!;

let store: OpenedStore;
let service: RunningService;
const get = (p: string, key: string) =>
  fetch(service.url + p, { headers: { Authorization: `Bearer ${key}` } });

beforeAll(async () => {
  store = await openStore(dataDir);
  service = await startService(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      DNS_PORT: '0',
      LOG_LEVEL: 'silent',
      DNS_WORKERS: '1',
    }),
    store,
    pino({ level: 'silent' }),
  );
});
afterAll(async () => {
  await service.stop();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('apikey CLI', () => {
  it('creates a customer and a key that the running server accepts, with its scopes', async () => {
    const r = await apikey(
      'create',
      '--customer',
      'acme',
      '--scopes',
      'zones:read',
      '--region',
      'EU',
    );
    expect(r.code).toBe(0);
    const key = lastLine(r.stdout);
    expect(key).toMatch(/^zd_[\w-]{43}$/);
    expect((await get('/v1/zones', key)).status).toBe(200);
    const denied = await get('/v1/zones/zone_x/usage', key);
    expect(denied.status).toBe(403);

    // The customer's default region applies to zones created without one.
    const writer = lastLine(
      (await apikey('create', '--customer', 'acme', '--scopes', 'all')).stdout,
    );
    const zone = await fetch(service.url + '/v1/zones', {
      method: 'POST',
      headers: { Authorization: `Bearer ${writer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'cli.example' }),
    });
    expect(((await zone.json()) as { data: { region: string } }).data.region).toBe('EU');
  }, 60_000);

  it('stores only a hash of the key', async () => {
    const key = lastLine(
      (await apikey('create', '--customer', 'hashy', '--scopes', 'zones:read')).stdout,
    );
    const db = fs.readFileSync(path.join(dataDir, 'zonedeck.db'));
    const wal = fs.existsSync(path.join(dataDir, 'zonedeck.db-wal'))
      ? fs.readFileSync(path.join(dataDir, 'zonedeck.db-wal'))
      : Buffer.alloc(0);
    expect(db.includes(key)).toBe(false);
    expect(wal.includes(key)).toBe(false);
  }, 30_000);

  it('lists and revokes keys; a revoked key gets 401', async () => {
    const key = lastLine(
      (await apikey('create', '--customer', 'rev', '--scopes', 'zones:read', '--label', 'ci'))
        .stdout,
    );
    const list = await apikey('list', '--customer', 'rev');
    const id = /^(key_\w+)/m.exec(list.stdout)?.[1];
    expect(id).toBeDefined();
    expect(list.stdout).toContain('label=ci');
    expect((await apikey('revoke', id!)).code).toBe(0);
    expect((await get('/v1/zones', key)).status).toBe(401);
  }, 60_000);

  it('refuses unknown scopes and regions with a clear message and exit code 2', async () => {
    const bad = await apikey('create', '--customer', 'x', '--scopes', 'zones:read,dns:admin');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Unknown scope dns:admin');
    const region = await apikey('create', '--customer', 'x', '--scopes', 'all', '--region', 'MARS');
    expect(region.code).toBe(2);
    expect(region.stderr).toContain('Unknown region MARS');
  }, 60_000);
});
