// Reading records and RRsets. TTL and comment live on the RRset (one per name and type), values
// on records; the writes are in record-writes.ts.
import type { Trx } from './group-commit';
import type { Db } from './db';
import { afterKey, pageStart } from './record-pages';

export interface RecordRow {
  id: string;
  name: string;
  type: string;
  content: string;
  disabled: number;
  ttl: number;
  comment: string | null;
}

/**
 * Values with their RRset's TTL and comment, each looked up by the RRset's primary key (scalar
 * subqueries, not a join). With a join, PostgreSQL merged a page with every RRset of the zone
 * from its first name, and with the statistics of a zone just filled it picked far worse plans:
 * a 100,000-record zone's pages took minutes. Every write stores a value's RRset with it, so
 * the lookup always finds one.
 */
function selectRecords(db: Db, zoneId: string) {
  return db
    .selectFrom('records as r')
    .select(['r.id', 'r.name', 'r.type', 'r.content', 'r.disabled'])
    .select((eb) => {
      const rrset = eb
        .selectFrom('rrsets')
        .whereRef('rrsets.zone_id', '=', 'r.zone_id')
        .whereRef('rrsets.name', '=', 'r.name')
        .whereRef('rrsets.type', '=', 'r.type');
      return [rrset.select('rrsets.ttl').as('ttl'), rrset.select('rrsets.comment').as('comment')];
    })
    .$narrowType<{ ttl: number }>()
    .where('r.zone_id', '=', zoneId);
}

/** The records of one name and/or one type (absolute name; canonical type). */
export interface RecordFilter {
  name?: string;
  type?: string;
}

export async function listRecords(
  db: Db,
  zoneId: string,
  limit: number,
  offset: number,
  filter: RecordFilter = {},
) {
  if (filter.name !== undefined || filter.type !== undefined)
    return listFiltered(db, zoneId, limit, offset, filter);
  const start = await pageStart(db, zoneId, offset);
  let q = selectRecords(db, zoneId);
  if (start.after) q = q.where(afterKey(start.after));
  const rows = await q
    .orderBy('r.name')
    .orderBy('r.type')
    .orderBy('r.content')
    .limit(limit)
    .offset(start.skip)
    .execute();
  return { rows, total: start.total };
}

/**
 * A page of the records of one name or type: few beside a zone's whole, so counted and paged
 * straight (the records_order index serves a name; a type is read through the zone's rows).
 */
async function listFiltered(
  db: Db,
  zoneId: string,
  limit: number,
  offset: number,
  filter: RecordFilter,
) {
  let q = selectRecords(db, zoneId);
  if (filter.name !== undefined) q = q.where('r.name', '=', filter.name);
  if (filter.type !== undefined) q = q.where('r.type', '=', filter.type);
  const [rows, counted] = await Promise.all([
    q
      .orderBy('r.name')
      .orderBy('r.type')
      .orderBy('r.content')
      .limit(limit)
      .offset(offset)
      .execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.n) };
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
  if (after) q = q.where(afterKey(after));
  return q.orderBy('r.name').orderBy('r.type').orderBy('r.content').limit(limit).execute();
}
