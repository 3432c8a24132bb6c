// Pruning the change journal: a change goes once it is older than the retention AND is not
// among the newest `keep` changes of its zone, so a quiet zone keeps its recent history.
import { sql } from 'kysely';
import type { Db } from './db';
import { write } from './group-commit';

export interface JournalRetention {
  /** JOURNAL_RETENTION_DAYS. */
  days: number;
  /** JOURNAL_KEEP_PER_ZONE. */
  keep: number;
}

const PRUNE_BATCH = 2000;

/** Deletes what the retention lets go, in small transactions; returns how many changes went. */
export async function pruneJournal(db: Db, r: JournalRetention, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - r.days * 86_400_000).toISOString();
  const zones = await db
    .selectFrom('changes')
    .select('zone_id')
    .where('created_at', '<', cutoff)
    .distinct()
    .execute();
  let pruned = 0;
  for (const { zone_id } of zones) {
    // The seq of the zone's keep-th newest change: that one and everything newer stay.
    const floor = await db
      .selectFrom('changes')
      .select('seq')
      .where('zone_id', '=', zone_id)
      .orderBy('seq', 'desc')
      .limit(1)
      .offset(Math.max(r.keep - 1, 0))
      .executeTakeFirst();
    if (!floor) continue;
    for (;;) {
      const n = await write(db, async (trx) => {
        const res = await trx
          .deleteFrom('changes')
          .where('seq', 'in', (eb) =>
            eb
              .selectFrom('changes')
              .select('seq')
              .where('zone_id', '=', zone_id)
              .where('seq', '<', r.keep > 0 ? floor.seq : sql<number>`${floor.seq} + 1`)
              .where('created_at', '<', cutoff)
              .limit(PRUNE_BATCH),
          )
          .executeTakeFirst();
        return Number(res.numDeletedRows);
      });
      pruned += n;
      if (n < PRUNE_BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return pruned;
}
