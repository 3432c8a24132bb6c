// Reading records and RRsets. TTL and comment live on the RRset (one per name and type), values
// on records; the writes are in record-writes.ts.
import type { Trx } from './group-commit';
import type { Db } from './db';
import { pageStart } from './record-pages';

export interface RecordRow {
  id: string;
  name: string;
  type: string;
  content: string;
  disabled: number;
  ttl: number;
  comment: string | null;
}

function selectRecords(db: Db | Trx, zoneId: string) {
  return db
    .selectFrom('records as r')
    .innerJoin('rrsets as s', (j) =>
      j
        .onRef('s.zone_id', '=', 'r.zone_id')
        .onRef('s.name', '=', 'r.name')
        .onRef('s.type', '=', 'r.type'),
    )
    .select(['r.id', 'r.name', 'r.type', 'r.content', 'r.disabled', 's.ttl', 's.comment'])
    .where('r.zone_id', '=', zoneId);
}

export async function listRecords(db: Db, zoneId: string, limit: number, offset: number) {
  const start = await pageStart(db, zoneId, offset);
  let q = selectRecords(db, zoneId);
  if (start.after) {
    const { name, type, content } = start.after;
    q = q.where((eb) =>
      eb(eb.refTuple('r.name', 'r.type', 'r.content'), '>', eb.tuple(name, type, content)),
    );
  }
  const rows = await q
    .orderBy('r.name')
    .orderBy('r.type')
    .orderBy('r.content')
    .limit(limit)
    .offset(start.skip)
    .execute();
  return { rows, total: start.total };
}

export async function getRecord(db: Db | Trx, zoneId: string, id: string) {
  return selectRecords(db, zoneId).where('r.id', '=', id).executeTakeFirst();
}

export async function getRRset(db: Db | Trx, zoneId: string, name: string, type: string) {
  return selectRecords(db, zoneId)
    .where('r.name', '=', name)
    .where('r.type', '=', type)
    .orderBy('r.content')
    .execute();
}

/** One page of the zone's records in (name, type, content) order after `after`: the export's keyset read. */
export async function recordsAfter(
  db: Db,
  zoneId: string,
  after: { name: string; type: string; content: string } | undefined,
  limit: number,
) {
  let q = selectRecords(db, zoneId);
  if (after) {
    const { name, type, content } = after;
    q = q.where((eb) =>
      eb(eb.refTuple('r.name', 'r.type', 'r.content'), '>', eb.tuple(name, type, content)),
    );
  }
  return q.orderBy('r.name').orderBy('r.type').orderBy('r.content').limit(limit).execute();
}
