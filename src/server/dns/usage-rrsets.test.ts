// Queries per RRset, exact: N queries sent with the real `dig` to the in-process server raise
// exactly the count of the RRset that answered and set its last query, from memory before the
// flush and from the database after it. CNAME and wildcard answers count where ADR 0017 says;
// NXDOMAIN, NODATA and referrals count for no RRset; a deleted RRset's rows go with it.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig } from '../test-support/dns-tools';
import { createZone, startTestServer, type Json, type TestServer } from '../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  if (!fs.existsSync('/usr/bin/dig'))
    throw new Error('/usr/bin/dig is missing: apt-get install -y dnsutils');
  // dig asks from one address: rate limiting would slip some answers, which are not counted.
  server = await startTestServer({ DNS_RRL_RATE: '0' });
}, 120_000);
afterAll(() => server?.close());

async function ask(n: number, name: string, type: string, status: string) {
  for (let i = 0; i < n; i++) {
    const a = await dig(server.service.dnsPort, name, type);
    expect(a.status, a.text).toBe(status);
  }
}

type Row = { queries: number; last_queried_at: string | null };

async function perRRset(zoneId: string): Promise<Record<string, Row>> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage/rrsets`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const out: Record<string, Row> = {};
  for (const s of r.body.data.rrsets as Json[])
    out[`${s.name} ${s.type}`] = { queries: s.queries, last_queried_at: s.last_queried_at };
  return out;
}

const flushedRows = async (zoneId: string) =>
  server.store.db
    .selectFrom('usage_rrsets_daily')
    .select(['name', 'type', 'count'])
    .where('zone_id', '=', zoneId)
    .orderBy('name')
    .orderBy('type')
    .execute();

describe('queries per RRset', () => {
  it('counts exactly the RRset that answered, and when it was last queried', async () => {
    const zone = 'rrsets.usage.test';
    const id = await createZone(server.admin, zone);
    for (const [name, type, content] of [
      ['www', 'A', '192.0.2.1'],
      ['www', 'TXT', '"hello"'],
      ['alias', 'CNAME', `www.${zone}.`],
      ['*.wild', 'A', '192.0.2.9'],
      ['child', 'NS', `ns1.child.${zone}.`],
      ['quiet', 'A', '192.0.2.3'],
    ]) {
      const r = await server.admin.post(`/v1/zones/${id}/records`, { name, type, content });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const before = Date.now();
    await ask(5, `www.${zone}`, 'A', 'NOERROR');
    await ask(2, `WwW.${zone}`, 'TXT', 'NOERROR'); // case does not make another RRset
    await ask(3, `alias.${zone}`, 'A', 'NOERROR'); // the CNAME answered, not www's A
    await ask(2, `a.wild.${zone}`, 'A', 'NOERROR'); // two names the wildcard synthesised
    await ask(2, `b.wild.${zone}`, 'A', 'NOERROR');
    await ask(4, `nope.${zone}`, 'A', 'NXDOMAIN');
    await ask(3, `www.${zone}`, 'AAAA', 'NOERROR'); // NODATA
    await ask(2, `host.child.${zone}`, 'A', 'NOERROR'); // referral
    await ask(1, `${zone}`, 'SOA', 'NOERROR'); // the zone's own SOA is no stored RRset
    const after = Date.now();

    const expected: Record<string, number> = {
      [`www.${zone}. A`]: 5,
      [`www.${zone}. TXT`]: 2,
      [`alias.${zone}. CNAME`]: 3,
      [`*.wild.${zone}. A`]: 4,
      [`child.${zone}. NS`]: 0,
      [`quiet.${zone}. A`]: 0,
    };
    const check = (rows: Record<string, Row>) => {
      expect(Object.keys(rows).sort()).toEqual(Object.keys(expected).sort());
      for (const [key, n] of Object.entries(expected)) {
        expect(rows[key]!.queries, key).toBe(n);
        const last = rows[key]!.last_queried_at;
        if (n === 0) expect(last, key).toBeNull();
        else {
          const t = Date.parse(last!);
          expect(t, key).toBeGreaterThanOrEqual(before);
          expect(t, key).toBeLessThanOrEqual(after);
        }
      }
    };
    // From memory (written every 30 s), then from the database.
    check(await perRRset(id));
    await server.service.usage.rrsets.flush();
    expect((await flushedRows(id)).map((r) => r.count)).toEqual([4, 3, 5, 2]);
    check(await perRRset(id));
    // www's TXT was asked after its A: the later last query.
    const rows = await perRRset(id);
    expect(
      rows[`www.${zone}. TXT`]!.last_queried_at! > rows[`www.${zone}. A`]!.last_queried_at!,
    ).toBe(true);

    // Deleting an RRset deletes its rows (a trigger on rrsets), stored and its last query.
    const list = await server.admin.get(`/v1/zones/${id}/records?limit=1000`);
    const txt = (list.body.data.records as Json[]).find((r) => r.type === 'TXT');
    expect((await server.admin.delete(`/v1/zones/${id}/records/${txt.id}`)).status).toBe(200);
    const left = await server.store.db
      .selectFrom('usage_rrsets_last')
      .select(['name', 'type'])
      .where('zone_id', '=', id)
      .execute();
    expect(left.map((r) => `${r.name} ${r.type}`).sort()).toEqual([
      `*.wild.${zone}. A`,
      `alias.${zone}. CNAME`,
      `www.${zone}. A`,
    ]);
    expect(await perRRset(id)).not.toHaveProperty(`www.${zone}. TXT`);
  }, 120_000);

  it('keeps no cell for a flood of junk names, and writes none for an RRset deleted before the flush', async () => {
    const zone = 'junk.usage.test';
    const id = await createZone(server.admin, zone);
    const r = await server.admin.post(`/v1/zones/${id}/records`, {
      name: 'gone',
      type: 'A',
      content: '192.0.2.7',
    });
    expect(r.status).toBe(201);
    const cellsBefore = server.service.usage.rrsets.size;
    await Promise.all(
      Array.from({ length: 4 }, (_, w) =>
        ask(25, `junk${w}-${Date.now()}.${zone}`, 'A', 'NXDOMAIN'),
      ),
    );
    for (let i = 0; i < 40; i++) await ask(1, `j${i}.${zone}`, 'A', 'NXDOMAIN');
    expect(server.service.usage.rrsets.size).toBe(cellsBefore);
    // Counted, then deleted before the flush: the flush skips it, nothing is left behind.
    await server.service.usage.rrsets.flush();
    await ask(3, `gone.${zone}`, 'A', 'NOERROR');
    expect(
      (await server.admin.delete(`/v1/zones/${id}/records/${r.body.data.record.id}`)).status,
    ).toBe(200);
    await server.service.usage.rrsets.flush();
    expect(await flushedRows(id)).toEqual([]);
    expect(
      await server.store.db
        .selectFrom('usage_rrsets_last')
        .selectAll()
        .where('zone_id', '=', id)
        .execute(),
    ).toEqual([]);
  }, 120_000);
});
