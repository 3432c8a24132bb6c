// The usage counter against a real store, on a clock the test moves: a cached cell counts into
// the next hour once its hour is over, the flush writes hours and days, the prune keeps hourly
// rows HOURLY_DAYS and daily rows DAILY_DAYS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedStore } from '../store/db';
import { openTestStore } from '../test-support/test-store';
import { addUsage, DAILY_DAYS, HOURLY_DAYS } from '../store/usage';
import { UsageCounter } from './usage-counter';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-usage-counter-'));
let store: OpenedStore;
beforeAll(async () => {
  store = await openTestStore(dir);
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rows = (table: 'usage_hourly' | 'usage_daily' | 'usage_daily_outcomes', zoneId: string) =>
  store.db.selectFrom(table).selectAll().where('zone_id', '=', zoneId).execute();

describe('UsageCounter', () => {
  it('moves a cached cell on to the next hour, and flushes hours and days', async () => {
    let now = Date.parse('2026-11-24T23:59:59.500Z');
    const counter = new UsageCounter(store.db, pino({ level: 'silent' }), undefined, () => now);
    let cell = counter.cell('z1', 'A', 'answer');
    cell = counter.hit(cell, 'www.example.com');
    cell = counter.hit(cell, 'www.example.com');
    now += 600; // 2026-11-25T00:00:00.100Z: the next hour and the next day
    const next = counter.hit(cell, 'www.example.com');
    expect(next).not.toBe(cell);
    expect(next.hour).toBe('2026-11-25T00');
    expect(counter.hit(next, 'www.example.com')).toBe(next);
    expect(counter.unflushed('z1').map((c) => [c.hour, c.count])).toEqual([
      ['2026-11-24T23', 2],
      ['2026-11-25T00', 2],
    ]);
    expect(counter.unflushed('z1', '2026-11-25T00')).toHaveLength(1);

    await counter.flush();
    expect(counter.unflushed('z1')).toEqual([]);
    expect(await rows('usage_hourly', 'z1')).toEqual([
      { zone_id: 'z1', hour: '2026-11-24T23', qtype: 'A', outcome: 'answer', count: 2 },
      { zone_id: 'z1', hour: '2026-11-25T00', qtype: 'A', outcome: 'answer', count: 2 },
    ]);
    expect((await rows('usage_daily', 'z1')).map((r) => [r.day, r.count])).toEqual([
      ['2026-11-24', 2],
      ['2026-11-25', 2],
    ]);
    expect((await rows('usage_daily_outcomes', 'z1')).map((r) => [r.day, r.count])).toEqual([
      ['2026-11-24', 2],
      ['2026-11-25', 2],
    ]);
    // A count made after the flush adds to the same rows.
    counter.hit(next, 'www.example.com');
    await counter.flush();
    expect((await rows('usage_hourly', 'z1')).at(-1)?.count).toBe(3);
  });

  it('prunes hourly rows after HOURLY_DAYS and daily rows after DAILY_DAYS', async () => {
    const now = Date.parse('2026-11-25T10:30:00Z');
    const hoursAgo = (h: number) => new Date(now - h * 3_600_000).toISOString().slice(0, 13);
    const c = (hour: string) => ({ zoneId: 'z2', hour, qtype: 'A', outcome: 'answer', count: 1 });
    await addUsage(store.db, [
      c(hoursAgo(HOURLY_DAYS * 24 + 12)), // goes (its day stays)
      c(hoursAgo(HOURLY_DAYS * 24 - 1)), // stays
      c(hoursAgo(DAILY_DAYS * 24 + 24)), // goes, day and hour
    ]);
    const counter = new UsageCounter(store.db, pino({ level: 'silent' }), undefined, () => now);
    await counter.flush(); // nothing counted: the flush still prunes, once an hour
    expect((await rows('usage_hourly', 'z2')).map((r) => r.hour)).toEqual([
      hoursAgo(HOURLY_DAYS * 24 - 1),
    ]);
    expect((await rows('usage_daily', 'z2')).map((r) => r.day)).toEqual([
      hoursAgo(HOURLY_DAYS * 24 + 12).slice(0, 10),
      hoursAgo(HOURLY_DAYS * 24 - 1).slice(0, 10),
    ]);
    expect(await rows('usage_daily_outcomes', 'z2')).toHaveLength(2);
  });
});
