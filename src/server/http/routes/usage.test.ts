// GET /v1/zones/{id}/usage over real HTTP: ranges, days and hours, outcomes, every bad
// parameter, scopes and other customers' zones. Rows are seeded through the store's own write
// (the DNS counting itself is tested with dig in dns/usage-hourly.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '../../../shared/api';
import { addUsage, type UsageCount } from '../../store/usage';
import {
  createZone,
  expectError,
  startTestServer,
  type Json,
  type TestServer,
} from '../../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const today = utcDay(Date.now());
const thisHour = new Date().toISOString().slice(0, 13);
const firstOfMonth = `${today.slice(0, 7)}-01`;
const zeroOutcomes = { answer: 0, nxdomain: 0, nodata: 0, referral: 0, refused: 0 };

async function usage(zoneId: string, query = ''): Promise<Json> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const seed = (zoneId: string, rows: [hour: string, qtype: string, outcome: string, n: number][]) =>
  addUsage(
    server.store.db,
    rows.map(([hour, qtype, outcome, count]): UsageCount => ({
      zoneId,
      hour,
      qtype,
      outcome,
      count,
    })),
  );

describe('usage of a range of days', () => {
  it('answers a fresh zone with the current month, every day zero', async () => {
    const id = await createZone(server.admin, 'fresh-usage.example');
    const u = await usage(id);
    const days = Number(today.slice(8));
    expect(u).toEqual({
      zone_id: id,
      zone_name: 'fresh-usage.example',
      period: 'current_month',
      queries: 0,
      queries_by_type: {},
      total_queries: 0,
      period_start: firstOfMonth,
      period_end: today,
      granularity: 'day',
      by_outcome: zeroOutcomes,
      daily_breakdown: Array.from({ length: days }, (_, i) => ({
        date: addDays(firstOfMonth, i),
        queries: 0,
        queries_by_type: {},
        by_outcome: zeroOutcomes,
      })),
    });
  });

  it('counts the days of the range only, by type and outcome, per day and in total', async () => {
    const id = await createZone(server.admin, 'busy.example');
    const lastOfPrevious = addDays(firstOfMonth, -1);
    const longAgo = addDays(today, -400);
    await seed(id, [
      [`${firstOfMonth}T00`, 'A', 'answer', 5],
      [`${firstOfMonth}T23`, 'MX', 'nodata', 1],
      [thisHour, 'A', 'answer', 2],
      [thisHour, 'AAAA', 'nxdomain', 3],
      [`${lastOfPrevious}T12`, 'A', 'answer', 100],
      [`${lastOfPrevious}T13`, 'TXT', 'refused', 50],
      [`${longAgo}T05`, 'NS', 'referral', 7],
    ]);
    const month = await usage(id);
    const sameDay = firstOfMonth === today;
    expect(month.queries_by_type).toEqual({ A: 7, AAAA: 3, MX: 1 });
    expect(month.queries).toBe(11);
    expect(month.total_queries).toBe(11);
    expect(month.by_outcome).toEqual({ ...zeroOutcomes, answer: 7, nodata: 1, nxdomain: 3 });
    const first = month.daily_breakdown[0];
    expect(first.date).toBe(firstOfMonth);
    if (!sameDay) {
      expect(first).toEqual({
        date: firstOfMonth,
        queries: 6,
        queries_by_type: { A: 5, MX: 1 },
        by_outcome: { ...zeroOutcomes, answer: 5, nodata: 1 },
      });
      expect(month.daily_breakdown.at(-1)).toEqual({
        date: today,
        queries: 5,
        queries_by_type: { A: 2, AAAA: 3 },
        by_outcome: { ...zeroOutcomes, answer: 2, nxdomain: 3 },
      });
    }

    // The previous month's last day through today; then 366 days back from yesterday.
    const span = await usage(id, `?start_date=${lastOfPrevious}&end_date=${today}`);
    expect(span).toMatchObject({
      period: 'custom',
      period_start: lastOfPrevious,
      period_end: today,
      total_queries: 161,
      queries_by_type: { A: 107, AAAA: 3, MX: 1, TXT: 50 },
      by_outcome: { ...zeroOutcomes, answer: 107, nodata: 1, nxdomain: 3, refused: 50 },
    });
    expect(span.daily_breakdown[0]).toEqual({
      date: lastOfPrevious,
      queries: 150,
      queries_by_type: { A: 100, TXT: 50 },
      by_outcome: { ...zeroOutcomes, answer: 100, refused: 50 },
    });
    const sum = span.daily_breakdown.reduce((a: number, d: Json) => a + (d.queries as number), 0);
    expect(sum).toBe(span.total_queries);

    const year = await usage(
      id,
      `?start_date=${addDays(today, -367)}&end_date=${addDays(today, -1)}`,
    );
    expect(year.daily_breakdown).toHaveLength(367);
    const old = await usage(id, `?start_date=${longAgo}&end_date=${longAgo}`);
    expect(old).toMatchObject({ total_queries: 7, by_outcome: { referral: 7 } });
  });

  it('gives an hourly series of the last 7 days with granularity=hour', async () => {
    const id = await createZone(server.admin, 'hourly.example');
    const threeDaysAgo = addDays(today, -3);
    await seed(id, [
      [`${threeDaysAgo}T07`, 'A', 'answer', 4],
      [`${threeDaysAgo}T07`, 'A', 'nxdomain', 1],
      [thisHour, 'MX', 'answer', 2],
      [`${addDays(today, -10)}T07`, 'A', 'answer', 1000],
    ]);
    const u = await usage(id, '?granularity=hour');
    const firstDay = addDays(today, -6);
    expect(u).toMatchObject({
      period: 'last_7_days',
      period_start: firstDay,
      period_end: today,
      granularity: 'hour',
      total_queries: 7,
    });
    // Every hour from the first day's midnight through the current hour, none after it.
    const hours = u.hourly_breakdown as Json[];
    expect(hours).toHaveLength(6 * 24 + Number(thisHour.slice(11)) + 1);
    expect(hours[0].hour).toBe(`${firstDay}T00:00:00Z`);
    expect(hours.at(-1).hour).toBe(`${thisHour}:00:00Z`);
    expect(hours.find((h) => h.hour === `${threeDaysAgo}T07:00:00Z`)).toEqual({
      hour: `${threeDaysAgo}T07:00:00Z`,
      queries: 5,
      queries_by_type: { A: 5 },
      by_outcome: { ...zeroOutcomes, answer: 4, nxdomain: 1 },
    });
    expect(hours.at(-1)).toMatchObject({ queries: 2, queries_by_type: { MX: 2 } });
    const inHours = hours.reduce((a, h) => a + (h.queries as number), 0);
    expect(inHours).toBe(u.total_queries);

    const oneDay = await usage(
      id,
      `?granularity=hour&start_date=${threeDaysAgo}&end_date=${threeDaysAgo}`,
    );
    expect(oneDay.hourly_breakdown).toHaveLength(24);
    expect(oneDay.total_queries).toBe(5);
    // Days alone (the default granularity) have no hourly series.
    expect((await usage(id, `?start_date=${threeDaysAgo}`)).hourly_breakdown).toBeUndefined();
  });
});

describe('bad parameters', () => {
  let id: string;
  beforeAll(async () => {
    id = await createZone(server.admin, 'params-usage.example');
  });

  it.each([
    ['start_date', 'start_date=2026-1-01', /YYYY-MM-DD/],
    ['start_date', 'start_date=yesterday', /YYYY-MM-DD/],
    ['start_date', 'start_date=2025-02-29', /not a day of the calendar/],
    ['end_date', 'end_date=2026-13-01', /not a day of the calendar/],
    ['end_date', `end_date=${addDays(today, 1)}`, /in the future.*today/],
    ['end_date', `start_date=${today}&end_date=${addDays(today, -1)}`, /before start_date/],
    ['start_date', `start_date=${addDays(today, -367)}&end_date=${today}`, /more than 366 days/],
    ['granularity', 'granularity=minute', /"day" or "hour"/],
    ['start_date', `granularity=hour&start_date=${addDays(today, -7)}`, /last 7 days/],
    ['start_date', `granularity=hour&end_date=${addDays(today, -8)}`, /last 7 days/],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, query, message) => {
    const r = await server.admin.get(`/v1/zones/${id}/usage?${query}`);
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.details).toEqual({ field });
    expect(r.body.error.message).toMatch(message);
  });

  it('accepts the bounds themselves', async () => {
    const year = `start_date=${addDays(today, -366)}&end_date=${today}`;
    expect((await usage(id, `?${year}`)).daily_breakdown).toHaveLength(367);
    const week = `granularity=hour&start_date=${addDays(today, -6)}`;
    expect((await usage(id, `?${week}`)).daily_breakdown).toHaveLength(7);
  });
});

describe('access', () => {
  it("needs usage:read, and hides other customers' zones", async () => {
    const id = await createZone(server.admin, 'private-usage.example');
    const readerOnly = server.client(await server.key('acme', ['zones:read']));
    expectError(await readerOnly.get(`/v1/zones/${id}/usage`), 403, 'insufficient_scope');
    const usageOnly = server.client(await server.key('acme', ['usage:read']));
    expect((await usageOnly.get(`/v1/zones/${id}/usage`)).status).toBe(200);
    const other = server.client(await server.key('globex'));
    expectError(await other.get(`/v1/zones/${id}/usage`), 404, 'zone_not_found');
    expectError(await other.get(`/v1/zones/${id}/usage?granularity=minute`), 404, 'zone_not_found');
  });
});
