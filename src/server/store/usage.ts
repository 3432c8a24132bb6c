// Query counts per zone: by UTC hour, type and outcome (kept HOURLY_DAYS), and per UTC day by
// type and by outcome (kept DAILY_DAYS). The DNS server adds to them; the API reads them.
import { sql } from 'kysely';
import type { Db } from './db';
import { write } from './group-commit';

/** Hourly rows are kept this long (ADR 0015); the API serves hours of the last 7 days. */
export const HOURLY_DAYS = 35;
/** Daily rows are kept this long: two years, longer than the longest range one may ask. */
export const DAILY_DAYS = 731;

export interface UsageCount {
  zoneId: string;
  /** UTC hour, YYYY-MM-DDTHH. */
  hour: string;
  qtype: string;
  outcome: string;
  count: number;
}

/** Adds counts in one transaction, to the hourly rows and to both daily tables. */
export async function addUsage(db: Db, counts: readonly UsageCount[]): Promise<void> {
  const byType = new Map<string, UsageCount>();
  const byOutcome = new Map<string, UsageCount>();
  const sum = (m: Map<string, UsageCount>, key: string, c: UsageCount) => {
    const had = m.get(key);
    if (had) had.count += c.count;
    else m.set(key, { ...c });
  };
  for (const c of counts) {
    const day = c.hour.slice(0, 10);
    sum(byType, `${c.zoneId}\0${day}\0${c.qtype}`, c);
    sum(byOutcome, `${c.zoneId}\0${day}\0${c.outcome}`, c);
  }
  await write(db, async (trx) => {
    for (const c of counts) {
      await trx
        .insertInto('usage_hourly')
        .values({
          zone_id: c.zoneId,
          hour: c.hour,
          qtype: c.qtype,
          outcome: c.outcome,
          count: c.count,
        })
        .onConflict((oc) =>
          oc.columns(['zone_id', 'hour', 'qtype', 'outcome']).doUpdateSet({
            count: sql<number>`usage_hourly.count + excluded.count`,
          }),
        )
        .execute();
    }
    for (const c of byType.values()) {
      await trx
        .insertInto('usage_daily')
        .values({ zone_id: c.zoneId, day: c.hour.slice(0, 10), qtype: c.qtype, count: c.count })
        .onConflict((oc) =>
          oc.columns(['zone_id', 'day', 'qtype']).doUpdateSet({
            count: sql<number>`usage_daily.count + excluded.count`,
          }),
        )
        .execute();
    }
    for (const c of byOutcome.values()) {
      await trx
        .insertInto('usage_daily_outcomes')
        .values({
          zone_id: c.zoneId,
          day: c.hour.slice(0, 10),
          outcome: c.outcome,
          count: c.count,
        })
        .onConflict((oc) =>
          oc.columns(['zone_id', 'day', 'outcome']).doUpdateSet({
            count: sql<number>`usage_daily_outcomes.count + excluded.count`,
          }),
        )
        .execute();
    }
  });
}

export interface StoredUsage {
  /** Per day and type. */
  types: { day: string; qtype: string; count: number }[];
  /** Per day and outcome (days before the outcomes were recorded have none). */
  outcomes: { day: string; outcome: string; count: number }[];
  /** Per hour, type and outcome; only when asked for. */
  hours: { hour: string; qtype: string; outcome: string; count: number }[];
}

/** The zone's rows of the days `start`..`end` (YYYY-MM-DD, included). */
export async function readUsage(
  db: Db,
  zoneId: string,
  start: string,
  end: string,
  hourly: boolean,
): Promise<StoredUsage> {
  const types = await db
    .selectFrom('usage_daily')
    .select(['day', 'qtype', 'count'])
    .where('zone_id', '=', zoneId)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .execute();
  const outcomes = await db
    .selectFrom('usage_daily_outcomes')
    .select(['day', 'outcome', 'count'])
    .where('zone_id', '=', zoneId)
    .where('day', '>=', start)
    .where('day', '<=', end)
    .execute();
  const hours = hourly
    ? await db
        .selectFrom('usage_hourly')
        .select(['hour', 'qtype', 'outcome', 'count'])
        .where('zone_id', '=', zoneId)
        .where('hour', '>=', `${start}T00`)
        .where('hour', '<=', `${end}T23`)
        .execute()
    : [];
  return { types, outcomes, hours };
}

/** Deletes hourly rows older than HOURLY_DAYS and daily rows older than DAILY_DAYS. */
export async function pruneUsage(db: Db, now = Date.now()): Promise<void> {
  const hourCutoff = new Date(now - HOURLY_DAYS * 86_400_000).toISOString().slice(0, 13);
  const dayCutoff = new Date(now - DAILY_DAYS * 86_400_000).toISOString().slice(0, 10);
  await write(db, async (trx) => {
    await trx.deleteFrom('usage_hourly').where('hour', '<', hourCutoff).execute();
    await trx.deleteFrom('usage_daily').where('day', '<', dayCutoff).execute();
    await trx.deleteFrom('usage_daily_outcomes').where('day', '<', dayCutoff).execute();
  });
}
