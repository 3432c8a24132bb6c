// The serials of a zone's journal in the journal's order: concurrent-write tests check that each
// accepted write has its own, rising in that order.
import type { Db } from '../store/db';

export async function journalSerials(db: Db, zoneId: string): Promise<number[]> {
  const changes = await db
    .selectFrom('changes')
    .select(['seq', 'serial'])
    .where('zone_id', '=', zoneId)
    .orderBy('seq')
    .execute();
  return changes.map((c) => c.serial);
}
