// Overlapping zones of different customers left in a database from before the API refused them:
// the server reports them at start and answers every name from the older zone's owner, never
// from the intruder's zone, DNSSEC included; once the older zone goes, the other is served.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../shared/api/fields';
import { loadConfig } from '../config';
import { startService, type RunningService } from '../server';
import { createApiKey, ensureCustomer } from '../store/customers';
import { type OpenedStore } from '../store/db';
import { openTestStore } from '../test-support/test-store';
import { reversedName } from '../store/migrations';
import { dig, delv } from '../test-support/dns-tools';
import type { Json } from '../test-support/harness';
import { ZoneOwnership } from './zone-ownership';
import { ZoneView } from './zone-view';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-ownership-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PORT: '0',
  DNS_PORT: '0',
  LOG_LEVEL: 'silent',
  DNS_WORKERS: '1',
});
let store: OpenedStore;
let service: RunningService;
const logLines: string[] = [];
const keys: Record<string, string> = {};

function start() {
  const log = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
  return startService(config, store, log);
}

async function call(customer: string, method: string, p: string, body?: unknown): Promise<Json> {
  const headers = { Authorization: `Bearer ${keys[customer]}`, 'Content-Type': 'application/json' };
  const init = { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) };
  const r = await fetch(service.url + p, init);
  return { status: r.status, body: await r.json() };
}

beforeAll(async () => {
  store = await openTestStore(dataDir);
  service = await start();
  for (const customer of ['alice', 'bob']) {
    await ensureCustomer(store.db, customer, 'EU_GLOBAL');
    keys[customer] = (await createApiKey(store.db, customer, SCOPES)).key;
  }
});
afterAll(async () => {
  await service.stop();
  await store.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Renames a zone in the database as an old version of the service would have let it be. */
async function renameZoneInPlace(id: string, from: string, to: string) {
  const later = new Date(Date.now() + 60_000).toISOString();
  await store.db
    .updateTable('zones')
    .set({ name: to, rname: reversedName(to), created_at: later })
    .where('id', '=', id)
    .execute();
  for (const table of ['records', 'rrsets'] as const) {
    await store.db
      .updateTable(table)
      .set({ name: `${to}.` })
      .where('name', '=', `${from}.`)
      .execute();
  }
}

describe('zones of two customers, one inside the other, from before the check', () => {
  const outer = 'alpha.legacy.test';
  const inner = `www.${outer}`;
  let outerId: string;
  let ds: string;

  it('are set up: the owner’s signed zone, and the intruder’s zone moved inside it', async () => {
    outerId = (await call('alice', 'POST', '/v1/zones', { name: outer })).body.data.id;
    const www = { name: 'www', type: 'A', content: '192.0.2.1' };
    expect((await call('alice', 'POST', `/v1/zones/${outerId}/records`, www)).status).toBe(201);
    await call('alice', 'PATCH', `/v1/zones/${outerId}/dnssec/status`, { enabled: true });
    const dsList = (await call('alice', 'GET', `/v1/zones/${outerId}/dnssec/ds`)).body.data;
    ds = (dsList.ds_records as string[]).find((d) => d.split(' ')[2] === '2')!;

    const bobZone = (await call('bob', 'POST', '/v1/zones', { name: 'bob-legacy.test' })).body;
    const apex = { name: '@', type: 'A', content: '203.0.113.66' };
    await call('bob', 'POST', `/v1/zones/${bobZone.data.id}/records`, apex);
    await service.stop();
    await renameZoneInPlace(bobZone.data.id, 'bob-legacy.test', inner);
    service = await start();
  });

  it('are reported in the log at start', () => {
    const warning = logLines.map((l) => JSON.parse(l)).find((l) => l.withheld);
    expect(warning).toMatchObject({
      level: 40,
      served: { name: outer, customerId: 'alice' },
      withheld: { name: inner, customerId: 'bob' },
    });
    expect(warning.msg).toMatch(/DNS does not answer from www\.alpha\.legacy\.test/);
  });

  it('never answer the owner’s names from the intruder’s zone, and DNSSEC still validates', async () => {
    const a = await dig(service.dnsPort, inner, 'A');
    expect(a.records.filter((r) => r.type === 'A').map((r) => r.data)).toEqual(['192.0.2.1']);
    const out = await delv(service.dnsPort, outer, ds, inner, 'A');
    expect(out).toMatch('; fully validated');
    expect(out).not.toMatch('203.0.113.66');
    const soa = await dig(service.dnsPort, inner, 'SOA');
    expect(soa.records.find((r) => r.type === 'SOA')?.name).toBe(`${outer}.`);
  });

  it('serve the other zone once the older one is deleted', async () => {
    expect((await call('alice', 'DELETE', `/v1/zones/${outerId}`)).status).toBe(202);
    const a = await dig(service.dnsPort, inner, 'A');
    expect(a.records.map((r) => r.data)).toEqual(['203.0.113.66']);
  });
});

describe('ZoneOwnership', () => {
  const view = (id: string, name: string) => new ZoneView(id, name, true, 1, 3600, [], null);

  it('withholds the later of two overlapping zones, whichever is inside', () => {
    const byName = new Map<string, ZoneView>();
    const own = new ZoneOwnership(byName);
    const add = (v: ZoneView, customerId: string, createdAt: string) => {
      byName.set(v.name, v);
      return own.add(v, { customerId, createdAt });
    };
    expect(add(view('z1', 'shop.example.test'), 'bob', '2026-01-01T00:00:00Z')).toBe(false);
    expect(add(view('z2', 'example.test'), 'alice', '2026-02-01T00:00:00Z')).toBe(true);
    own.check();
    expect(own.isWithheld('z2')).toBe(true); // the outer zone came later
    expect(own.isWithheld('z1')).toBe(false);
    expect(own.conflicts).toEqual([
      {
        served: { name: 'shop.example.test', customerId: 'bob' },
        withheld: { name: 'example.test', customerId: 'alice' },
      },
    ]);
    // A zone of the same customer inside its own zone is no conflict.
    expect(add(view('z3', 'a.shop.example.test'), 'bob', '2026-03-01T00:00:00Z')).toBe(true);
    own.check();
    expect(own.isWithheld('z3')).toBe(false);
  });
});
