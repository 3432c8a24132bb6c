// Offset paging that does not slow down with the offset. The API pages by offset; a 100,000-record
// zone read page by page would make SQLite step over ever more rows. Instead, once per state of
// the zone (its SOA serial moves on every write), one pass of the index computes the sort key at
// every STEP-th row and the total; a page then starts from the nearest mark with a keyset
// condition and skips fewer than STEP rows.
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from './db';
import type { RecordsTable } from './schema';
import { zoneRecordCount } from './record-limits';

export const STEP = 500;

export interface SortKey {
  name: string;
  type: string;
  content: string;
}

/** The condition of a keyset page: rows of `records as r` after `key` in the index's order. */
export const afterKey = (key: SortKey) => (eb: ExpressionBuilder<{ r: RecordsTable }, 'r'>) =>
  eb(eb.refTuple('r.name', 'r.type', 'r.content'), '>', eb.tuple(key.name, key.type, key.content));

interface Marks {
  serial: number;
  total: number;
  /** keys[i] is the key of row (i + 1) * STEP - 1: the last row before mark i + 1. */
  keys: SortKey[];
}

const MAX_ZONES = 64;
const cache = new Map<string, Marks>();

function remember<T>(map: Map<string, T>, zoneId: string, value: T) {
  if (!map.has(zoneId) && map.size >= MAX_ZONES) map.delete(map.keys().next().value!);
  map.set(zoneId, value);
}

async function marksFor(db: Db, zoneId: string): Promise<Marks> {
  // One read transaction: the serial and the scan see the same state of the zone (SQLite's
  // transactions are snapshots; PostgreSQL's need repeatable read to be one).
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { serial } = await trx
        .selectFrom('zones')
        .select('serial')
        .where('id', '=', zoneId)
        .executeTakeFirstOrThrow();
      const cached = cache.get(zoneId);
      if (cached?.serial === serial) return cached;
      const { rows } = await sql<SortKey & { total: number }>`
      select name, type, content, total from (
        select name, type, content,
               row_number() over (order by name, type, content) as position,
               count(*) over () as total
        from records where zone_id = ${zoneId}
      ) as ranked where position % ${STEP} = 0 or position = total
      order by position`.execute(trx);
      const total = rows.length ? Number(rows[rows.length - 1]!.total) : 0;
      const keys = rows
        .filter((_, i) => i < Math.floor(total / STEP))
        .map(({ name, type, content }) => ({ name, type, content }));
      const marks = { serial, total, keys };
      remember(cache, zoneId, marks);
      return marks;
    });
}

/** Where a page at `offset` starts: after `after` (if any), skipping `skip` more rows. */
export async function pageStart(db: Db, zoneId: string, offset: number) {
  if (offset < STEP) {
    // The first rows need no marks, only the total.
    return { total: await zoneRecordCount(db, zoneId), after: undefined, skip: offset };
  }
  const marks = await marksFor(db, zoneId);
  const mark = Math.min(Math.floor(offset / STEP), marks.keys.length);
  return {
    total: marks.total,
    after: mark > 0 ? marks.keys[mark - 1] : undefined,
    skip: offset - mark * STEP,
  };
}
