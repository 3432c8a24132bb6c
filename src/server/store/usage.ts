// Query counts per zone, UTC day and query type. The DNS server adds to them; the API reads them.
import { write } from './group-commit';
import { sql } from 'kysely';
import type { Db } from './db';

export async function monthUsage(db: Db, zoneId: string, now = new Date()) {
  const month = now.toISOString().slice(0, 7); // YYYY-MM
  const rows = await db
    .selectFrom('usage_daily')
    .select(['qtype', (eb) => eb.fn.sum<number>('count').as('n')])
    .where('zone_id', '=', zoneId)
    .where('day', '>=', `${month}-01`)
    .where('day', '<=', `${month}-31`)
    .groupBy('qtype')
    .orderBy('qtype')
    .execute();
  const byType: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    byType[r.qtype] = n;
    total += n;
  }
  return { queries: total, queriesByType: byType };
}

/** Adds counts in one transaction: `counts` maps zone id → day → qtype → count. */
export async function addUsage(
  db: Db,
  counts: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, number>>>,
) {
  await write(db, async (trx) => {
    for (const [zoneId, days] of counts) {
      for (const [day, types] of days) {
        for (const [qtype, count] of types) {
          await trx
            .insertInto('usage_daily')
            .values({ zone_id: zoneId, day, qtype, count })
            .onConflict((oc) =>
              oc.columns(['zone_id', 'day', 'qtype']).doUpdateSet({
                count: sql<number>`usage_daily.count + excluded.count`,
              }),
            )
            .execute();
        }
      }
    }
  });
}
