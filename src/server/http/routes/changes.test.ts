// The change journal over real HTTP: every write is one change, the history and its diff,
// revert (dry run, conflicts, force, DNSSEC), scopes and other customers' zones.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createZone,
  startTestServer,
  type Json,
  type TestClient,
  type TestServer,
  expectError,
  zoneSerial,
} from '../../test-support/harness';

let srv: TestServer;
let api: TestClient;

const recs = (z: string) => `/v1/zones/${z}/records`;
const changes = (z: string, rest = '') => `/v1/zones/${z}/changes${rest}`;

async function records(z: string) {
  const r = await api.get(`${recs(z)}?limit=1000`);
  return r.body.data.records as Json[];
}
async function history(z: string) {
  const r = await api.get(changes(z, '?limit=100'));
  expect(r.status).toBe(200);
  return r.body.data.changes as Json[];
}
const serialOf = (z: string) => zoneSerial(srv, z);

beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
  api = srv.admin;
});
afterAll(() => srv.close());

describe('every write is one change', () => {
  it('records each single-record write with its actor, serial and diff, newest first', async () => {
    const { id: keyId, key } = await import('../../store/customers').then((m) =>
      m.createApiKey(
        srv.store.db,
        'acme',
        ['zones:read', 'zones:write', 'records:read', 'records:write'],
        'ci-bot',
      ),
    );
    const bot = srv.client(key);
    const z = await createZone(api, 'journal-one.com');
    const created = await bot.post(recs(z), {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
      ttl: 300,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.record.id as string;
    await bot.put(`${recs(z)}/${id}`, { name: 'www', type: 'A', content: '192.0.2.2', ttl: 600 });
    await bot.delete(`${recs(z)}/${id.replace(/.$/, '')}x`); // unknown: no change
    const serial = await serialOf(z);
    const list = await history(z);
    expect(list.map((c) => c.kind)).toEqual(['records', 'records', 'zone']);
    expect(list[2]).toMatchObject({
      summary: 'Zone journal-one.com created',
      revertible: false,
      actor: { key_id: expect.any(String) },
    });
    expect(list[0]).toMatchObject({
      actor: { key_id: keyId, label: 'ci-bot' },
      serial,
      counts: { added: 1, changed: 0, removed: 1 },
      revertible: true,
      reverts: null,
    });
    expect(list[0].serial).toBeGreaterThan(list[1].serial);
    const detail = await api.get(changes(z, `/${list[0].id}`));
    expect(detail.status).toBe(200);
    expect(detail.body.data.rrsets).toEqual([
      {
        name: 'www.journal-one.com.',
        type: 'A',
        before: { ttl: 300, comment: null, values: [{ content: '192.0.2.1', disabled: false }] },
        after: { ttl: 600, comment: null, values: [{ content: '192.0.2.2', disabled: false }] },
      },
    ]);
  });

  it('records by-name writes, zone settings and DNSSEC switches', async () => {
    const z = await createZone(api, 'journal-two.com');
    await api.post(recs(z), { name: 'mail', type: 'TXT', content: '"a"' });
    const byName = `${recs(z)}/by-name/mail/TXT`;
    expect((await api.put(byName, { content: '"b"', ttl: 300 })).status).toBe(200);
    expect((await api.delete(byName)).status).toBe(200);
    expect((await api.put(`/v1/zones/${z}`, { ttl: 600 })).status).toBe(200);
    expect((await api.patch(`/v1/zones/${z}/dnssec/status`, { enabled: true })).status).toBe(200);
    const list = await history(z);
    expect(list.map((c) => c.kind)).toEqual([
      'dnssec',
      'zone',
      'records',
      'records',
      'records',
      'zone',
    ]);
    expect(list[0]).toMatchObject({ kind: 'dnssec', revertible: false });
    expect(list[1]).toMatchObject({ kind: 'zone', summary: 'Default TTL 3600 → 600' });
    // An update says what it changed.
    expect(list[3]!.summary).toBe('Updated TXT mail.journal-two.com. "a" → "b", TTL 3600 → 300');
    const d = await api.get(changes(z, `/${list[1].id}`));
    expect(d.body.data.settings).toEqual([{ field: 'ttl', before: 3600, after: 600 }]);
    const dnssec = await api.post(changes(z, `/${list[0].id}/revert`), {});
    expectError(dnssec, 409, 'change_not_revertible');
    expect(dnssec.body.error.message).toMatch(/switched DNSSEC/);
    // The zone's creation: undone by deleting the zone, not "switched DNSSEC".
    const creation = await api.post(changes(z, `/${list[5].id}/revert`), {});
    expectError(creation, 409, 'change_not_revertible');
    expect(creation.body.error.message).toMatch(/created the zone.*Delete the zone/);
  });

  it('pages the history with limit and offset', async () => {
    const z = await createZone(api, 'journal-page.com');
    for (let i = 0; i < 5; i++)
      await api.post(recs(z), { name: `h${i}`, type: 'A', content: '192.0.2.9' });
    const r = await api.get(changes(z, '?limit=2&offset=1'));
    // Five records, and the zone's creation.
    expect(r.body.data.pagination).toMatchObject({
      total: 6,
      offset: 1,
      limit: 2,
      count: 2,
      has_more: true,
    });
    expect(r.body.data.changes[0].summary).toContain('h3');
  });
});

describe('revert', () => {
  it('dry run changes nothing; revert restores; reverting the revert restores the change', async () => {
    const z = await createZone(api, 'revert-one.com');
    const a = await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 });
    await api.put(`${recs(z)}/${a.body.data.record.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.7',
      ttl: 900,
      comment: 'moved',
    });
    const [edit] = await history(z);
    const before = await records(z);
    const serial = await serialOf(z);
    const dry = await api.post(changes(z, `/${edit.id}/revert`), { dry_run: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({
      dry_run: true,
      change_id: null,
      serial: null,
      counts: { added: 1, removed: 1 },
    });
    expect(await records(z)).toEqual(before);
    expect(await serialOf(z)).toBe(serial);
    expect(await history(z)).toHaveLength(3);

    const done = await api.post(changes(z, `/${edit.id}/revert`), {});
    expect(done.status).toBe(200);
    expect(done.body.data.serial).toBeGreaterThan(serial);
    const after = await records(z);
    expect(after.map((r) => [r.content, r.ttl, r.comment])).toEqual([['192.0.2.1', 300, null]]);
    const [rev] = await history(z);
    expect(rev).toMatchObject({
      kind: 'revert',
      reverts: edit.id,
      id: done.body.data.change_id,
      summary: `Reverted: ${edit.summary}`,
    });

    await api.post(changes(z, `/${rev.id}/revert`), {});
    expect(await records(z)).toEqual(before);
  });

  it('refuses a revert over a later change with change_conflict, unless forced', async () => {
    const z = await createZone(api, 'revert-two.com');
    const a = await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1' });
    const [create] = await history(z);
    await api.put(`${recs(z)}/${a.body.data.record.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
      ttl: 600,
    });
    const r = await api.post(changes(z, `/${create.id}/revert`), { dry_run: true });
    expectError(r, 409, 'change_conflict');
    expect(r.body.error.details.rrsets).toEqual([
      {
        name: 'www.revert-two.com.',
        type: 'A',
        expected: { ttl: 3600, comment: null, values: [{ content: '192.0.2.1', disabled: false }] },
        current: { ttl: 600, comment: null, values: [{ content: '192.0.2.1', disabled: false }] },
      },
    ]);
    expect(await records(z)).toHaveLength(1);
    const forced = await api.post(changes(z, `/${create.id}/revert`), { force: true });
    expect(forced.status).toBe(200);
    expect(await records(z)).toEqual([]);
  });

  it('judges the restored state by the record rules (CNAME alone at its name)', async () => {
    const z = await createZone(api, 'revert-three.com');
    const a = await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1' });
    await api.delete(`${recs(z)}/${a.body.data.record.id}`);
    const [del] = await history(z);
    await api.post(recs(z), { name: 'www', type: 'CNAME', content: 'example.net.' });
    const r = await api.post(changes(z, `/${del.id}/revert`), {});
    expectError(r, 409, 'cname_conflict');
    expect((await records(z)).map((x) => x.type)).toEqual(['CNAME']);
  });

  it('reverts a zone TTL change', async () => {
    const z = await createZone(api, 'revert-four.com');
    await api.put(`/v1/zones/${z}`, { ttl: 600 });
    const [c] = await history(z);
    expect((await api.post(changes(z, `/${c.id}/revert`), {})).status).toBe(200);
    expect((await api.get(`/v1/zones/${z}`)).body.data.ttl).toBe(3600);
  });
});

describe('errors, scopes and other customers', () => {
  it('answers 404 for an unknown change and for another customer’s zone', async () => {
    const z = await createZone(api, 'scoped-one.com');
    await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1' });
    const [c] = await history(z);
    expectError(await api.get(changes(z, '/chg_nope')), 404, 'change_not_found');
    expectError(await api.post(changes(z, '/chg_nope/revert'), {}), 404, 'change_not_found');
    const other = srv.client(await srv.key('globex'));
    expectError(await other.get(changes(z)), 404, 'zone_not_found');
    expectError(await other.get(changes(z, `/${c.id}`)), 404, 'zone_not_found');
    expectError(await other.post(changes(z, `/${c.id}/revert`), {}), 404, 'zone_not_found');
    // A change id of another zone is not found through this one.
    const z2 = await createZone(api, 'scoped-two.com');
    expectError(await api.get(changes(z2, `/${c.id}`)), 404, 'change_not_found');
  });

  it('needs records:read to read and records:write to revert', async () => {
    const z = await createZone(api, 'scoped-three.com');
    await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1' });
    const [c] = await history(z);
    const reader = srv.client(await srv.key('acme', ['zones:read', 'records:read']));
    const zonesOnly = srv.client(await srv.key('acme', ['zones:read']));
    expectError(await zonesOnly.get(changes(z)), 403, 'insufficient_scope');
    expect((await reader.get(changes(z))).status).toBe(200);
    expectError(await reader.post(changes(z, `/${c.id}/revert`), {}), 403, 'insufficient_scope');
  });

  it('refuses a bad revert body with a field', async () => {
    const z = await createZone(api, 'scoped-four.com');
    await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1' });
    const [c] = await history(z);
    const r = await api.post(changes(z, `/${c.id}/revert`), { force: 'yes' });
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.details.field).toBe('force');
  });
});
