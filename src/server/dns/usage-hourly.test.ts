// Usage counting by hour, type and outcome, exact: N queries sent with the real `dig` to the
// in-process server raise exactly those counters, in the hourly series and the daily rows,
// before the flush (from memory) and after it (from the database).
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays } from '../../shared/api';
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

const zeroOutcomes = { answer: 0, nxdomain: 0, nodata: 0, referral: 0, refused: 0 };

interface Counts {
  queries: number;
  queries_by_type: Record<string, number>;
  by_outcome: Record<string, number>;
}

/** The zone's counts from `fromHour` on, summed over its hourly series; and today's row. */
async function counted(
  zoneId: string,
  fromHour: string,
): Promise<{ hourly: Counts; daily: Counts }> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage?granularity=hour`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const hourly: Counts = { queries: 0, queries_by_type: {}, by_outcome: { ...zeroOutcomes } };
  for (const h of r.body.data.hourly_breakdown as Json[]) {
    if (h.hour.slice(0, 13) < fromHour) continue;
    hourly.queries += h.queries;
    for (const [t, n] of Object.entries(h.queries_by_type as Record<string, number>))
      hourly.queries_by_type[t] = (hourly.queries_by_type[t] ?? 0) + n;
    for (const [o, n] of Object.entries(h.by_outcome as Record<string, number>))
      hourly.by_outcome[o]! += n;
  }
  const days = r.body.data.daily_breakdown as Json[];
  const { queries, queries_by_type, by_outcome } = days.find(
    (d) => d.date === fromHour.slice(0, 10),
  );
  // A run across midnight would count into two days: add the next one when it is there.
  const next = days.find((d) => d.date === addDays(fromHour.slice(0, 10), 1));
  const daily: Counts = {
    queries,
    queries_by_type: { ...queries_by_type },
    by_outcome: { ...by_outcome },
  };
  if (next) {
    daily.queries += next.queries;
    for (const [t, n] of Object.entries(next.queries_by_type as Record<string, number>))
      daily.queries_by_type[t] = (daily.queries_by_type[t] ?? 0) + n;
    for (const [o, n] of Object.entries(next.by_outcome as Record<string, number>))
      daily.by_outcome[o]! += n;
  }
  return { hourly, daily };
}

async function ask(n: number, name: string, type: string, status: string) {
  for (let i = 0; i < n; i++) {
    const a = await dig(server.service.dnsPort, name, type);
    expect(a.status, a.text).toBe(status);
  }
}

describe('usage by hour, type and outcome', () => {
  it('counts exactly the queries dig sends, by type and outcome, hourly and daily', async () => {
    const zone = 'outcomes.usage.test';
    const id = await createZone(server.admin, zone);
    for (const [name, type, content] of [
      ['www', 'A', '192.0.2.1'],
      ['@', 'MX', `10 mail.${zone}.`],
      ['child', 'NS', `ns1.child.${zone}.`],
      ['ns1.child', 'A', '192.0.2.53'],
    ]) {
      const r = await server.admin.post(`/v1/zones/${id}/records`, { name, type, content });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const off = await createZone(server.admin, 'off.usage.test');
    await server.admin.post(`/v1/zones/${off}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.2',
    });
    expect((await server.admin.put(`/v1/zones/${off}`, { status: 'disabled' })).status).toBe(200);

    const fromHour = new Date().toISOString().slice(0, 13);
    await ask(4, `www.${zone}`, 'A', 'NOERROR'); // answer
    await ask(2, zone, 'MX', 'NOERROR'); // answer
    await ask(3, `www.${zone}`, 'AAAA', 'NOERROR'); // nodata
    await ask(2, `nope.${zone}`, 'TXT', 'NXDOMAIN');
    await ask(2, `host.child.${zone}`, 'A', 'NOERROR'); // referral
    await ask(3, `www.off.usage.test`, 'A', 'REFUSED'); // the disabled zone's
    // Names in no zone are REFUSED for nobody: no zone's count moves.
    await ask(2, 'www.elsewhere.test', 'A', 'REFUSED');

    const expected = {
      queries: 13,
      queries_by_type: { A: 6, MX: 2, AAAA: 3, TXT: 2 },
      by_outcome: { ...zeroOutcomes, answer: 6, nodata: 3, nxdomain: 2, referral: 2 },
    };
    const offExpected = {
      queries: 3,
      queries_by_type: { A: 3 },
      by_outcome: { ...zeroOutcomes, refused: 3 },
    };
    // From memory (not flushed yet: the flush runs every 3 s), then from the database.
    expect(await counted(id, fromHour)).toEqual({ hourly: expected, daily: expected });
    expect(await counted(off, fromHour)).toEqual({ hourly: offExpected, daily: offExpected });
    const flushed = async (table: 'usage_hourly' | 'usage_daily' | 'usage_daily_outcomes') => {
      const r = await server.store.db
        .selectFrom(table)
        .select(({ fn }) => fn.sum<number>('count').as('n'))
        .where('zone_id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(r.n);
    };
    await vi.waitFor(async () => expect(await flushed('usage_hourly')).toBe(13), {
      timeout: 10_000,
      interval: 200,
    });
    expect(await flushed('usage_daily')).toBe(13);
    expect(await flushed('usage_daily_outcomes')).toBe(13);
    expect(await counted(id, fromHour)).toEqual({ hourly: expected, daily: expected });
    expect(await counted(off, fromHour)).toEqual({ hourly: offExpected, daily: offExpected });

    // The cached REFUSED goes once the zone is enabled again: the next query is answered.
    expect((await server.admin.put(`/v1/zones/${off}`, { status: 'active' })).status).toBe(200);
    await ask(1, `www.off.usage.test`, 'A', 'NOERROR');
    const onAgain = {
      queries: 4,
      queries_by_type: { A: 4 },
      by_outcome: { ...zeroOutcomes, refused: 3, answer: 1 },
    };
    expect(await counted(off, fromHour)).toEqual({ hourly: onAgain, daily: onAgain });
  }, 120_000);
});
